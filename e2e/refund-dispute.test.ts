import type { EarningsPage, Refund } from "@xianzhi/contract";
import { formatPrice } from "@xianzhi/contract/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testJpeg } from "../server/src/test-support/goods.js";
import { addAddress, expectLedgerBalanced, jobs } from "../server/src/test-support/orders.js";
import { call } from "../server/src/test-support/test-app.js";
import { buyerSellerModerator, goodsOf, proveIdentity } from "./fixtures.js";
import { named, orderJourney, stateOf } from "./order-journey.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);
const { phoneOf, shippedOnPhone } = orderJourney(running);

async function apiOf<T>(path: string, token: string): Promise<T> {
  const reply = await call<T>(running.server.app, "GET", path, { token });
  if (reply.code !== 200) throw new Error(`GET ${path} failed: ${reply.msg}`);
  return reply.data;
}

/** A refund page's state: its heading. */
const refundState = stateOf;

describe("售后 with the platform ruling: three people on phones", () => {
  it("a buyer asks 退货退款, the seller refuses, the buyer escalates, a moderator splits it; both see the result and the seller's 我的收入 matches", async () => {
    const { server } = running;
    const [buyer, seller, moderator] = await buyerSellerModerator(server);
    const camera = await goodsOf(server, seller, { title: "佳能 EOS M50 微单相机", priceCents: 260_000 });
    await addAddress(server.app, buyer.token);

    // Bought and shipped; the buyer's page follows the seller's step live.
    const { page: buyerPage, orderId } = await shippedOnPhone(buyer, seller, camera.id);

    // 申请退款: 退货退款, a reason, the whole amount, what happened, a photo.
    await buyerPage.getByRole("button", { name: named("申请退款") }).click();
    const request = buyerPage.getByRole("dialog", { name: "申请退款" });
    await request.getByText("退货退款", { exact: true }).click();
    await request.getByLabel("退款原因").selectOption({ label: "与描述不符" });
    expect(await request.getByLabel("退款金额（元）").inputValue()).toBe("2600");
    await request.getByLabel("退款说明").fill("镜头有霉斑，描述里写的是无霉无雾");
    await request.locator("input[type=file]").setInputFiles({
      name: "mould.jpg",
      mimeType: "image/jpeg",
      buffer: await testJpeg(800, 600, "#7f8c8d"),
    });
    await request.locator("img").first().waitFor();
    await request.getByRole("button", { name: "提交申请" }).click();
    await buyerPage.waitForURL(/\/refunds\/\d+$/);
    const refundId = new URL(buyerPage.url()).pathname.split("/").pop() as string;
    await refundState(buyerPage, "待卖家处理").waitFor();
    await buyerPage.getByText(/^卖家 .*内未处理将自动同意退货$/).waitFor();

    // The seller sees the request, its photo, and refuses with a reason.
    const sellerPage = await phoneOf(seller, `/orders/${orderId}`);
    await sellerPage.getByRole("link", { name: /查看退款详情/ }).click();
    await sellerPage.waitForURL(new RegExp(`/refunds/${refundId}$`));
    await refundState(sellerPage, "待卖家处理").waitFor();
    await sellerPage.getByText("镜头有霉斑，描述里写的是无霉无雾").first().waitFor();
    await sellerPage.getByRole("button", { name: named("拒绝") }).click();
    const refusal = sellerPage.getByRole("dialog", { name: "拒绝退款" });
    await refusal.getByRole("textbox").fill("发货前拍过镜头，没有霉斑");
    await refusal.getByRole("button", { name: "确认拒绝" }).click();
    await refundState(sellerPage, "卖家已拒绝").waitFor();
    // The buyer's page moves on by itself.
    await refundState(buyerPage, "卖家已拒绝").waitFor();
    // In 协商记录 (and, as it arrives, in the notice of the step too).
    await buyerPage.getByText("发货前拍过镜头，没有霉斑").first().waitFor();

    // The buyer asks the platform to rule.
    await buyerPage.getByRole("button", { name: named("申请平台介入") }).click();
    await buyerPage
      .locator(".ant-popconfirm, .ant-modal")
      .getByRole("button", { name: named("申请介入") })
      .click();
    await refundState(buyerPage, "平台介入").waitFor();

    // The moderator, on a phone: 纠纷, the dispute with both sides' words, a split with a reason.
    const admin = await phoneOf(moderator, "/admin");
    await admin.getByRole("tab", { name: "纠纷" }).click();
    const item = admin.locator(".ant-list-item", { hasText: "佳能 EOS M50 微单相机" });
    await item.getByText(`实付 ${formatPrice(260_000)}`, { exact: false }).waitFor();
    await item.getByRole("button", { name: named("处理") }).click();
    const drawer = admin.getByRole("dialog", { name: "处理纠纷" });
    // Both sides' words (the refusal's also on the order's timeline).
    await drawer.getByText("镜头有霉斑，描述里写的是无霉无雾").first().waitFor();
    await drawer.getByText("发货前拍过镜头，没有霉斑").first().waitFor();
    // The chat between them as words: its notices say what happened, never a message kind's code name.
    const chat = drawer.locator("section", { has: admin.getByRole("heading", { name: /聊天记录/ }) });
    await chat.getByRole("listitem").first().waitFor();
    expect(await chat.innerText()).not.toMatch(/\[(notice|offer|goods|image|text)\]/);
    await drawer.getByText("部分退款", { exact: true }).click();
    await drawer.getByLabel("退给买家的金额（元）").fill("1000");
    await drawer.getByLabel("裁决理由").fill("霉斑轻微，不影响成像，退一部分差价");
    await drawer.getByRole("button", { name: "提交裁决" }).click();
    const confirm = admin.getByRole("dialog", { name: "确认裁决？" });
    await confirm.getByText(`退给买家 ${formatPrice(100_000)}，其余 ${formatPrice(160_000)} 给卖家`).waitFor();
    await confirm.getByRole("button", { name: "确认裁决" }).click();
    await proveIdentity(admin, moderator.password);
    await expect.poll(() => item.count(), { timeout: 10_000 }).toBe(0);

    // Both sides see the result on their pages, live.
    for (const page of [buyerPage, sellerPage]) {
      await refundState(page, "已退款").waitFor();
      await page.getByRole("region", { name: "平台裁决" }).getByText("霉斑轻微，不影响成像，退一部分差价").waitFor();
    }
    const refund = await apiOf<Refund>(`/api/refunds/${refundId}`, buyer.token);
    expect(refund).toMatchObject({ status: "refunded", refundCents: 100_000, ruling: { ruling: "split" } });

    // The money moved: the ledger balances, and 我的收入 says what the seller got and what went back.
    await jobs.settle(server.app);
    await expectLedgerBalanced(server.app);
    const earnings = await apiOf<EarningsPage>("/api/user/earnings?page=1&pageSize=20", seller.token);
    expect(earnings.totals).toMatchObject({ heldCents: 0, refundedCents: 100_000, releasedCents: 160_000 });
    await sellerPage.goto(`${server.url}/earnings`);
    const totals = sellerPage.getByRole("region", { name: "收入合计" });
    for (const [label, cents] of [
      ["已到账", 160_000],
      ["已退款", 100_000],
    ] as const) {
      await totals
        .locator("div", { hasText: label })
        .filter({ hasText: formatPrice(cents) })
        .first()
        .waitFor();
    }
    const line = sellerPage.getByRole("article", { name: "佳能 EOS M50 微单相机" });
    await line.getByText(`已到账 ${formatPrice(160_000)}`).waitFor();
    await line.getByText(`已退款 ${formatPrice(100_000)}`).waitFor();

    // Nothing is wider than the phone on any of the three screens.
    for (const page of [buyerPage, sellerPage, admin]) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
  });
});
