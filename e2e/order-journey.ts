/**
 * Protected purchases (担保交易) as the browser journeys make them: people on phones, 立即购买, the
 * sandbox's pay page, the order page's state and buttons. Shared by the order and earnings journeys.
 */
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { deliverWebhooks, orderAction, orderOf } from "../server/src/test-support/orders.js";
import { signInAs, VIEWPORTS } from "./browser.js";
import { type Account, newPage } from "./fixtures.js";
import type { RunningServer } from "./server.js";

/** A button's name as Ant Design writes it: two Chinese characters get a space between them (发 货). */
export const named = (words: string) => new RegExp(`^${[...words].join("\\s*")}$`);

/** The order page's state, its heading. */
export const stateOf = (page: Page, state: string) => page.getByRole("heading", { level: 1, name: state });

/** Presses an order's button that asks first, and its confirmation's own button. */
export async function confirmAction(page: Page, button: string, ok = button) {
  await page
    .getByRole("button", { name: named(button) })
    .first()
    .click();
  await page
    .locator(".ant-popconfirm")
    .getByRole("button", { name: named(ok) })
    .click();
}

/** The journeys' steps on the test file's server and browser (useServerAndBrowser's, read when a step runs). */
export function orderJourney(running: { server: RunningServer; browser: Browser }) {
  /** A phone's page signed in as `account`, showing `path`. */
  async function phoneOf(account: Account, path: string, beforeSignIn?: (page: Page) => Promise<void>) {
    const page = await newPage(running.browser, VIEWPORTS.phone);
    await beforeSignIn?.(page);
    await signInAs(page, running.server.url, account.username, account.password);
    await page.goto(`${running.server.url}${path}`);
    return page;
  }

  /** The sandbox's webhook reaches the product (its job sends them every few seconds; this at once). */
  async function untilPaid(buyer: Account, orderId: string) {
    await expect
      .poll(
        async () => {
          await deliverWebhooks(running.server.app);
          return (await orderOf(running.server.app, buyer.token, orderId)).status;
        },
        { timeout: 15_000 },
      )
      .toBe("paid");
  }

  /** The buyer buys from the goods page: 立即购买, the checkout with `delivery`, the sandbox's 支付, back on the order. */
  async function buyOnPhone(buyer: Account, goodsId: string, delivery: "快递" | "面交") {
    const page = await phoneOf(buyer, `/goodsinfo/${goodsId}`);
    await page.locator("[aria-haspopup=menu]").first().waitFor({ state: "attached" });
    await page.getByRole("button", { name: "立即购买" }).click();
    await page.getByRole("heading", { name: "确认订单" }).waitFor();
    if (delivery === "面交") await page.getByText("面交", { exact: true }).click();
    else await page.getByRole("radio", { name: /王小明/ }).waitFor();
    await page.getByRole("button", { name: "提交订单" }).click();
    await page.waitForURL(/\/sandbox-pay\//);
    await page.getByRole("button", { name: named("支付") }).click();
    await page.waitForURL(/\/orders\/\d+/);
    const orderId = new URL(page.url()).pathname.split("/").pop() as string;
    await untilPaid(buyer, orderId);
    await stateOf(page, "待发货").waitFor();
    return { page, orderId };
  }

  /** Bought on the buyer's phone by 快递, shipped by the seller through the API; the buyer's page follows live. */
  async function shippedOnPhone(buyer: Account, seller: Account, goodsId: string) {
    const bought = await buyOnPhone(buyer, goodsId, "快递");
    const shipped = await orderAction(running.server.app, seller.token, bought.orderId, "ship", {
      carrier: "SF",
      trackingNumber: "SF1234567890123",
    });
    expect(shipped.code).toBe(200);
    await stateOf(bought.page, "待收货").waitFor();
    return bought;
  }

  return { phoneOf, untilPaid, buyOnPhone, shippedOnPhone };
}
