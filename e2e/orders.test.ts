import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { addAddress, expectLedgerBalanced, jobs, paidOrder } from "../server/src/test-support/orders.js";
import { answerOffer, madeOffer } from "../server/src/test-support/trade.js";
import { goodsOf, newUser } from "./fixtures.js";
import { confirmAction, named, orderJourney, stateOf } from "./order-journey.js";
import { throughPrism } from "./prism-proxy.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);
const proxied = throughPrism(beforeAll, afterAll, running);
const { phoneOf, untilPaid, buyOnPhone } = orderJourney(running);
afterEach(() => vi.useRealTimers());

const HOUR = 3_600_000;

/** Reviews the deal of `title` on the open deal list: stars (by their spoken name), words, 提交评价. */
async function review(page: Page, title: string, stars: string, words: string) {
  const card = page.locator(".trade_deal-card", { hasText: title });
  await card.getByRole("button", { name: named("评价") }).click();
  const sheet = page.getByRole("dialog");
  await sheet.getByRole("radio", { name: stars }).check();
  await sheet.getByLabel("说说这次交易（选填）").fill(words);
  await sheet.getByRole("button", { name: named("提交评价") }).click();
  await sheet.waitFor({ state: "hidden" });
  return card;
}

describe("buying with protection (担保交易), two people on phones", () => {
  it("立即购买, sandbox pay, ship with an SF number, 确认收货, and both review", async () => {
    const { server } = running;
    const [buyer, seller] = await Promise.all([newUser(server), newUser(server)]);
    const goods = await goodsOf(server, seller, { title: "富士胶片相机 X100V", priceCents: 520_000 });
    await addAddress(server.app, buyer.token);

    const { page: buyerPage, orderId } = await buyOnPhone(buyer, goods.id, "快递");
    await buyerPage.getByText(/^卖家需在 .+内发货，超时自动退款$/).waitFor();
    await buyerPage.getByText("世纪大道 100 号 1 室").waitFor();

    // The seller ships from 我卖出的: the card's one action; a number of no SF form is refused first.
    const sellerPage = await phoneOf(seller, "/userinfo?tab=sold");
    const sold = sellerPage.locator(".trade_deal-card", { hasText: "富士胶片相机" });
    await sold.getByText("待发货").waitFor();
    await sold.getByText(/^请在 .+内发货，超时自动退款给买家$/).waitFor();
    await sold.getByRole("button", { name: named("发货") }).click();
    const sheet = sellerPage.getByRole("dialog", { name: "发货" });
    expect(await sheet.getByLabel("快递公司").inputValue()).toBe("SF");
    await sheet.getByLabel("快递单号").fill("12345");
    await sheet.getByRole("button", { name: "确认发货" }).click();
    await sheet.getByRole("alert").getByText("这不是顺丰速运的单号，请核对后重新输入").waitFor();
    await sheet.getByLabel("快递单号").fill("sf1234567890123");
    await sheet.getByRole("button", { name: "确认发货" }).click();
    await sheet.waitFor({ state: "hidden" });
    await sold.getByText("待收货").waitFor();

    // The buyer's page follows without a reload: the tracking number, the countdown, 确认收货.
    await stateOf(buyerPage, "待收货").waitFor();
    await buyerPage.getByText("SF1234567890123", { exact: true }).waitFor();
    await buyerPage.getByText(/^还剩 (9 天 2\d 小时|10 天)自动确认收货$/).waitFor();
    await buyerPage.getByRole("button", { name: "延长收货" }).waitFor();
    await confirmAction(buyerPage, "确认收货");
    await stateOf(buyerPage, "交易成功").waitFor();
    await buyerPage.getByText("买家确认收货，交易成功").waitFor();
    expect(await buyerPage.getByRole("button", { name: "确认收货" }).count()).toBe(0);
    await expectLedgerBalanced(server.app);

    // Both review the deal from their lists, where it shows as its order.
    await buyerPage.goto(`${server.url}/userinfo?tab=bought`);
    const bought = await review(buyerPage, "富士胶片相机", "5 星 非常满意", "成色很新，发货很快");
    await bought.getByText("交易成功").waitFor();
    await bought.getByRole("img", { name: "5 星 非常满意" }).waitFor();
    await sellerPage.goto(`${server.url}/userinfo?tab=sold`);
    await sold.getByText("买家已评价，你评价后可见").waitFor();
    await review(sellerPage, "富士胶片相机", "4 星 满意", "买家爽快");
    await sold.getByText("成色很新，发货很快").waitFor();
    expect(await sellerPage.locator(".trade_deal-card").count()).toBe(1);
    expect(orderId).toMatch(/^\d+$/);
  });

  it("面交: the seller enters the buyer's pickup code, and the order succeeds at once", async () => {
    const { server } = running;
    const [buyer, seller] = await Promise.all([newUser(server), newUser(server)]);
    const goods = await goodsOf(server, seller, { title: "任天堂 Switch 续航版", priceCents: 150_000 });

    const { page: buyerPage, orderId } = await buyOnPhone(buyer, goods.id, "面交");

    // The seller is ready to hand over; the buyer's page shows the code, big, to show at the meeting.
    const sellerPage = await phoneOf(seller, `/orders/${orderId}`);
    await stateOf(sellerPage, "待发货").waitFor();
    await sellerPage.getByRole("button", { name: "确认面交" }).click();
    await sellerPage.getByRole("dialog", { name: "确认面交" }).getByRole("button", { name: "确认面交" }).click();
    await stateOf(sellerPage, "待收货").waitFor();
    await stateOf(buyerPage, "待收货").waitFor();
    await buyerPage.getByText(/^还剩 .+自动确认收货$/).waitFor();
    const code = (await buyerPage.locator(".orders_order-screen__pickup-code").innerText()).trim();
    expect(code).toMatch(/^\d{6}$/);
    await buyerPage.getByText(/只在面交验货无误后出示给卖家/).waitFor();
    expect(await sellerPage.locator(".orders_order-screen__pickup-code").count()).toBe(0);

    // A wrong code is refused with the server's words; the right one completes the order.
    const wrong = [...code].map((digit) => String((Number(digit) + 1) % 10)).join("");
    await sellerPage.getByRole("button", { name: "输入取件码" }).click();
    const sheet = sellerPage.getByRole("dialog", { name: "输入取件码" });
    await sheet.getByText(/还可输入 5 次/).waitFor();
    await sheet.getByLabel("取件码").fill("123");
    await sheet.getByRole("button", { name: named("确认") }).click();
    await sheet.getByRole("alert").getByText("请输入买家出示的 6 位取件码").waitFor();
    await sheet.getByLabel("取件码").fill(wrong);
    await sheet.getByRole("button", { name: named("确认") }).click();
    await sellerPage.locator(".ant-message").getByText("取件码不正确").waitFor();
    await sheet.getByText(/还可输入 4 次/).waitFor();
    await sheet.getByLabel("取件码").fill(code);
    await sheet.getByRole("button", { name: named("确认") }).click();
    await sheet.waitFor({ state: "hidden" });
    await stateOf(sellerPage, "交易成功").waitFor();
    await stateOf(buyerPage, "交易成功").waitFor();
    expect(await buyerPage.locator(".orders_order-screen__pickup-code").count()).toBe(1);
    await expectLedgerBalanced(server.app);
  });

  it("the seller never ships: past 72 hours the buyer's order is closed and refunded", async () => {
    const { server } = running;
    const [buyer, seller] = await Promise.all([newUser(server), newUser(server)]);
    const goods = await goodsOf(server, seller, { title: "戴森吹风机 HD08", priceCents: 210_000 });
    const order = await paidOrder(server.app, buyer.token, goods.id);

    // The page's clock runs as usual until the test moves it on.
    const buyerPage = await phoneOf(buyer, `/orders/${order.id}`, (page) => page.clock.install());
    await stateOf(buyerPage, "待发货").waitFor();
    await buyerPage.getByText(/^卖家需在 (2 天 2\d 小时|3 天)内发货，超时自动退款$/).waitFor();

    await buyerPage.clock.fastForward(73 * HOUR);
    await buyerPage.getByText("即将自动退款").waitFor();

    // The server's clock too, and its timer sweep runs: the order closes and the money goes back.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 73 * HOUR });
    // (Other tests' orders on this server may fall due too.)
    expect((await jobs.timers(server.app)).fired).toBeGreaterThanOrEqual(1);
    await jobs.settle(server.app);
    await stateOf(buyerPage, "交易关闭").waitFor();
    await buyerPage.getByText("卖家超时未发货，已退款").first().waitFor();
    expect(
      await buyerPage
        .getByRole("button")
        .filter({ hasText: /发货|收货|取消/ })
        .count(),
    ).toBe(0);
    await expectLedgerBalanced(server.app);

    await buyerPage.goto(`${server.url}/userinfo?tab=bought`);
    const bought = buyerPage.locator(".trade_deal-card", { hasText: "戴森吹风机" });
    await bought.getByText("交易关闭").waitFor();
    await bought.getByText("卖家超时未发货，已退款").waitFor();

    // The notification centre tells of it, and the news opens the order.
    await buyerPage.goto(`${server.url}/notifications`);
    await buyerPage
      .getByRole("link", { name: /订单已关闭/ })
      .first()
      .click();
    await buyerPage.waitForURL(new RegExp(`/orders/${order.id}$`));
    await stateOf(buyerPage, "交易关闭").waitFor();
  });

  it("an offer accepted in chat: 无平台保障 until the buyer pays it with protection, then the chat shows the order", async () => {
    const { server } = running;
    const [buyer, seller] = await Promise.all([newUser(server), newUser(server)]);
    const goods = await goodsOf(server, seller, { title: "机械键盘 HHKB", priceCents: 300_000 });
    await addAddress(server.app, buyer.token);
    const offer = await madeOffer(server.app, buyer.token, goods.id, 280_000);
    expect((await answerOffer(server.app, seller.token, offer.id, "accept")).code).toBe(200);
    const chatPath = `/chat?chatId=${offer.chatId}`;

    const buyerPage = await phoneOf(buyer, chatPath);
    const buyersBar = buyerPage.getByRole("region", { name: "交易" });
    await buyersBar.getByText("无平台保障").waitFor();
    await buyersBar.getByRole("button", { name: "担保付款" }).click();
    await buyerPage.waitForURL(new RegExp(`/checkout/${goods.id}$`));
    await buyerPage.getByText("¥2,800").first().waitFor();
    // The address book comes on its own; 提交订单 before it would rightly ask for an address.
    await buyerPage.getByRole("radio", { name: /王小明/, checked: true }).waitFor();
    await buyerPage.getByRole("button", { name: "提交订单" }).click();
    await buyerPage.waitForURL(/\/sandbox-pay\//);
    await buyerPage.getByRole("button", { name: named("支付") }).click();
    await buyerPage.waitForURL(/\/orders\/\d+/);
    const orderId = new URL(buyerPage.url()).pathname.split("/").pop() as string;
    await untilPaid(buyer, orderId);

    // The seller's chat shows the order, not the offline deal's buttons, and leads to its page.
    const sellerPage = await phoneOf(seller, chatPath);
    const sellersBar = sellerPage.getByRole("region", { name: "交易" });
    await sellersBar.getByText("待发货").waitFor();
    await sellersBar.getByText("担保交易 ¥2,800").waitFor();
    await sellersBar.getByRole("button", { name: named("发货") }).waitFor();
    expect(await sellersBar.getByText("无平台保障").count()).toBe(0);
    expect(await sellersBar.getByRole("button", { name: named("确认成交") }).count()).toBe(0);
    await sellersBar.getByRole("link", { name: "查看订单" }).click();
    await sellerPage.waitForURL(new RegExp(`/orders/${orderId}$`));
    await stateOf(sellerPage, "待发货").waitFor();
  });
});

describe("the orders' calls, through Prism's validating proxy", () => {
  it("were each as the API document describes, and so was each answer", () => {
    expect(proxied.length).toBeGreaterThan(20);
    expect(proxied.filter((call) => call.violations.length > 0)).toEqual([]);
  });
});
