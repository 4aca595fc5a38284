import type { Address, OrderDetail } from "@xianzhi/contract";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../server/src/test-support/test-app.js";
import { signInAs, VIEWPORTS } from "./browser.js";
import { type Account, goodsOf, newPage, newUser } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

/** A button's name as Ant Design writes it: two Chinese characters get a space between them (保 存). */
const named = (words: string) => new RegExp(`^${[...words].join("\\s*")}$`);

/** Fills the open address sheet and saves it. */
async function addAddress(page: Page, fields: { name: string; phone: string; region: string; street: string }) {
  await page.getByRole("button", { name: "新增收货地址" }).click();
  const sheet = page.getByRole("dialog", { name: "新增收货地址" });
  await sheet.getByLabel("收货人").fill(fields.name);
  await sheet.getByLabel("手机号").fill("1234567");
  await sheet.getByLabel("所在地区").fill(fields.region);
  await sheet.getByLabel("详细地址").fill(fields.street);
  await sheet.getByRole("button", { name: named("保存") }).click();
  // The contract's rule, in its words, before anything is sent.
  await sheet.getByText("请输入 11 位手机号").waitFor();
  await sheet.getByLabel("手机号").fill(fields.phone);
  await sheet.getByRole("button", { name: named("保存") }).click();
  await sheet.waitFor({ state: "hidden" });
}

/** The order as the API answers its buyer, once `done` holds (the provider's webhook comes on its own time). */
async function orderOnceSettled(buyer: Account, orderId: string, done: (order: OrderDetail) => boolean) {
  for (let tries = 0; tries < 50; tries += 1) {
    const reply = await call<OrderDetail>(running.server.app, "GET", `/api/orders/${orderId}`, { token: buyer.token });
    if (reply.code === 200 && done(reply.data)) return reply.data;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`order ${orderId} never settled`);
}

describe("buying with protection", () => {
  it("takes a buyer on a phone from a new address through 立即购买, checkout and the sandbox's cashier to the paid order", async () => {
    const seller = await newUser(running.server);
    const goods = await goodsOf(running.server, seller, { title: "宜家书架 白色 九成新", priceCents: 45_000 });
    const buyer = await newUser(running.server);
    const page = await newPage(running.browser, VIEWPORTS.phone);
    await signInAs(page, running.server.url, buyer.username, buyer.password);

    // The personal centre's 收货地址 (in 个人资料): the first address added is the default.
    await page.goto(`${running.server.url}/userinfo`);
    await page.getByRole("tab", { name: "个人资料" }).click();
    await page.getByText(/还没有收货地址/).waitFor();
    await addAddress(page, {
      name: "王小明",
      phone: "139 1234 5678",
      region: "上海市 徐汇区",
      street: "漕溪北路 88 号 3 楼",
    });
    const book = page.getByRole("region", { name: "收货地址" });
    await book.getByText("上海市 徐汇区 漕溪北路 88 号 3 楼").waitFor();
    await book.getByText("默认", { exact: true }).waitFor();
    const saved = await call<Address[]>(running.server.app, "GET", "/api/addresses", { token: buyer.token });
    expect(saved.data).toMatchObject([{ recipientName: "王小明", phone: "13912345678", isDefault: true }]);

    // 立即购买 from the goods page's bar at the bottom of the phone.
    await page.goto(`${running.server.url}/goodsinfo/${goods.id}`);
    await page.locator("[aria-haspopup=menu]").first().waitFor({ state: "attached" });
    // The bar holds the price and all four actions within the phone's width.
    const bar = page.locator(".goods-info_goods-action-bar");
    await bar.getByText("¥450").waitFor();
    for (const button of await bar.getByRole("button").all()) {
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= VIEWPORTS.phone.width, await button.innerText()).toBe(true);
    }
    await bar.getByRole("button", { name: "立即购买" }).click();
    await page.waitForURL(`**/checkout/${goods.id}`);

    // Checkout: 快递 to the default address, the price as the total, what protection means.
    await page.getByRole("heading", { name: "确认订单" }).waitFor();
    await page.getByRole("link", { name: "宜家书架 白色 九成新" }).waitFor();
    expect(await page.getByRole("radio", { name: "快递" }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: /王小明/ }).isChecked()).toBe(true);
    await page.getByText("商品价格").waitFor();
    expect(await page.locator(".checkout_checkout__bar").innerText()).toContain("合计 ¥450");
    await page.getByText(/担保交易：货款由支付机构托管，确认收货后才付给卖家/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(VIEWPORTS.phone.width);
    await page.getByRole("button", { name: "提交订单" }).click();

    // The sandbox provider's cashier, clearly a test, with what is paid and how much.
    await page.waitForURL(/\/sandbox-pay\/[^/]+$/);
    await page.getByText("沙箱支付", { exact: true }).waitFor();
    await page.getByText("测试环境", { exact: true }).waitFor();
    const bill = page.getByRole("region", { name: "支付信息" });
    await bill.getByText("¥450", { exact: true }).waitFor();
    expect(await bill.innerText()).toContain("宜家书架");
    await page.getByRole("button", { name: named("支付") }).click();
    await page.locator(".ant-result-title", { hasText: "支付成功" }).waitFor();

    // Back on the order, which the provider's webhook has paid: 待发货.
    await page.waitForURL(/\/orders\/\d+$/);
    const orderId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    const order = await orderOnceSettled(buyer, orderId, (each) => each.status === "paid");
    expect(order).toMatchObject({
      goods: { id: goods.id },
      delivery: "shipping",
      totalCents: 45_000,
      address: {
        recipientName: "王小明",
        phone: "13912345678",
        region: "上海市 徐汇区",
        street: "漕溪北路 88 号 3 楼",
      },
    });
    await page.getByText("待发货").first().waitFor({ timeout: 15_000 });
  });

  it("orders for 面交 at a changed price only once the buyer has seen it, and leaves a failed payment unpaid", async () => {
    const seller = await newUser(running.server);
    const goods = await goodsOf(running.server, seller, { title: "罗技无线鼠标 G304", priceCents: 30_000 });
    const buyer = await newUser(running.server);
    const page = await newPage(running.browser, VIEWPORTS.phone);
    await signInAs(page, running.server.url, buyer.username, buyer.password);
    await page.goto(`${running.server.url}/checkout/${goods.id}`);
    await page.getByRole("heading", { name: "确认订单" }).waitFor();

    // An empty address book asks for an address for 快递; 面交 needs none.
    await page.getByText("还没有收货地址，添加一个再下单").waitFor();
    await page.getByText("面交", { exact: true }).click();
    await page.getByText(/向卖家出示订单里的取件码/).waitFor();
    const bar = page.locator(".checkout_checkout__bar");
    expect(await bar.innerText()).toContain("合计 ¥300");

    // The seller raises the price meanwhile: the order is refused, and the new amount shown.
    const raised = await call(running.server.app, "PUT", `/api/goods/${goods.id}`, {
      token: seller.token,
      body: { priceCents: 32_000 },
    });
    expect(raised.code).toBe(200);
    await page.getByRole("button", { name: "提交订单" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /金额已变为/ })
      .waitFor();
    await bar.getByText("¥320").waitFor();
    await page.getByRole("button", { name: "提交订单" }).click();

    // The payment fails at the cashier: the order is back, still waiting for payment.
    await page.waitForURL(/\/sandbox-pay\/[^/]+$/);
    await page.getByRole("region", { name: "支付信息" }).getByText("¥320", { exact: true }).waitFor();
    await page.getByRole("button", { name: "支付失败" }).click();
    await page.locator(".ant-result-title", { hasText: "支付失败" }).waitFor();
    await page.waitForURL(/\/orders\/\d+$/);
    const orderId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    const order = await call<OrderDetail>(running.server.app, "GET", `/api/orders/${orderId}`, { token: buyer.token });
    expect(order.data).toMatchObject({
      status: "awaiting_payment",
      delivery: "meetup",
      address: null,
      totalCents: 32_000,
    });
  });
});
