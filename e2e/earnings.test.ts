import type { EarningsPage } from "@xianzhi/contract";
import { formatPrice } from "@xianzhi/contract/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countMails } from "../server/src/test-support/accounts.js";
import { addAddress, expectLedgerBalanced, jobs, paidOrder } from "../server/src/test-support/orders.js";
import { call } from "../server/src/test-support/test-app.js";
import { goodsOf, newUser } from "./fixtures.js";
import { confirmAction, orderJourney, stateOf } from "./order-journey.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);
const { phoneOf, shippedOnPhone } = orderJourney(running);

/** 我的收入 as the API answers it to `token`: what the screen must show. */
async function earningsOf(token: string): Promise<EarningsPage> {
  const reply = await call<EarningsPage>(running.server.app, "GET", "/api/user/earnings?page=1&pageSize=20", { token });
  if (reply.code !== 200) throw new Error(`reading the earnings failed: ${reply.msg}`);
  return reply.data;
}

describe("我的收入: a seller's money from protected sales, on a phone", () => {
  it("a completed sale's money shows released, on its line and in the totals, reached from 我卖出的", async () => {
    const { server } = running;
    const [buyer, seller] = await Promise.all([newUser(server), newUser(server)]);
    const [headphones, lamp] = await Promise.all([
      goodsOf(server, seller, { title: "索尼降噪耳机 WH-1000XM5", priceCents: 180_000 }),
      goodsOf(server, seller, { title: "小米台灯 Pro", priceCents: 12_000 }),
    ]);
    await addAddress(server.app, buyer.token);

    // The buyer pays on the sandbox, the seller ships, the buyer confirms: the money is released.
    const { page: buyerPage, orderId } = await shippedOnPhone(buyer, seller, headphones.id);
    await confirmAction(buyerPage, "确认收货");
    await stateOf(buyerPage, "交易成功").waitFor();
    await jobs.settle(server.app);
    // Another sale, paid and not shipped yet: its money is still held.
    await paidOrder(server.app, buyer.token, lamp.id);
    await expectLedgerBalanced(server.app);

    const earnings = await earningsOf(seller.token);
    expect(earnings.totals.releasedCents).toBe(180_000);
    expect(earnings.totals.heldCents).toBeGreaterThan(0);
    expect(earnings.list.map((order) => order.goods.title)).toEqual(["小米台灯 Pro", "索尼降噪耳机 WH-1000XM5"]);

    // 我卖出的 opens with the row: what came, what is coming.
    const page = await phoneOf(seller, "/userinfo?tab=sold");
    const row = page.getByRole("link", { name: /^我的收入/ });
    await row.filter({ hasText: `已到账 ${formatPrice(180_000)}` }).waitFor();
    await row.filter({ hasText: `待结算 ${formatPrice(earnings.totals.heldCents)}` }).waitFor();
    await row.click();
    await page.waitForURL(/\/earnings$/);
    await page.getByRole("heading", { level: 1, name: "我的收入" }).waitFor();

    // The totals, each in its card, and the sentence on where the money is.
    const totals = page.getByRole("region", { name: "收入合计" });
    for (const [label, cents] of [
      ["待结算", earnings.totals.heldCents],
      ["已到账", 180_000],
      ["已退款", 0],
      ["平台服务费", earnings.totals.feeCents],
    ] as const) {
      await totals
        .locator("div", { hasText: label })
        .filter({ hasText: formatPrice(cents) })
        .first()
        .waitFor();
    }
    await page.getByText("货款由支付机构托管，买家确认收货后打到你的收款账户").waitFor();

    // Each paid order's line: its state, its money, leading to the order.
    const sold = page.getByRole("article", { name: "索尼降噪耳机 WH-1000XM5" });
    await sold.getByText("交易成功").waitFor();
    await sold.getByText(`已到账 ${formatPrice(180_000)}`).waitFor();
    expect(await sold.getByText("待结算").count()).toBe(0);
    const paid = page.getByRole("article", { name: "小米台灯 Pro" });
    await paid.getByText("待发货").waitFor();
    await paid.getByText(/^待结算 /).waitFor();

    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await sold.getByRole("link", { name: "索尼降噪耳机 WH-1000XM5" }).click();
    await page.waitForURL(new RegExp(`/orders/${orderId}$`));
    await stateOf(page, "交易成功").waitFor();
  });

  it("the payout account takes the current password: a wrong one is refused at its field, and a change is mailed", async () => {
    const { server } = running;
    const seller = await newUser(server);
    const email = `${seller.username}@example.com`;
    const page = await phoneOf(seller, "/earnings");
    await page.getByText("还没有担保交易的收入").waitFor();
    await page.getByRole("link", { name: "收款账户" }).click();
    await page.waitForURL(/\/userinfo\?tab=security#payout-account$/);

    const form = page.locator("form#payout-account");
    await form.getByLabel("支付宝账号").fill("13812345678");
    await form.getByRole("button", { name: "保存收款账户" }).click();
    await form.getByText("请输入当前密码").waitFor();
    await form.getByLabel("当前密码").fill("wrong-password1");
    await form.getByRole("button", { name: "保存收款账户" }).click();
    await form.getByText("当前密码错误").waitFor();
    const mailsBefore = await countMails(server.dataDir, email);

    await form.getByLabel("当前密码").fill(seller.password);
    await form.getByRole("button", { name: "保存收款账户" }).click();
    await page.getByText("收款账户已保存").waitFor();
    await form.getByText("收款账户：13812345678").waitFor();
    expect(await form.getByLabel("当前密码").inputValue()).toBe("");
    expect(await form.getByText("当前密码错误").count()).toBe(0);
    await form.getByText("修改后会发邮件通知你的邮箱").waitFor();
    await expect.poll(() => countMails(server.dataDir, email)).toBe(mailsBefore + 1);
  });
});
