import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../server/src/test-support/test-app.js";
import { signInAs, VIEWPORTS, waitUntilSettled } from "./browser.js";
import { type Account, goodsOf, newPage, newUser } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

/** A button's name as Ant Design writes it: two Chinese characters get a space between them (评 价). */
const named = (words: string) => new RegExp(`^${[...words].join("\\s*")}$`);

/** A phone signed in as `account`, showing `path`. */
async function phoneOf(account: Account, path: string) {
  const page = await newPage(running.browser, VIEWPORTS.phone);
  await signInAs(page, running.server.url, account.username, account.password);
  await page.goto(`${running.server.url}${path}`);
  await waitUntilSettled(page);
  return page;
}

async function api(account: Account, method: "GET" | "POST", url: string, body?: unknown) {
  const reply = await call(running.server.app, method, `/api${url}`, { token: account.token, body });
  if (reply.code !== 200) throw new Error(`${method} ${url} failed: ${reply.msg}`);
  return reply.data;
}

describe("what a phone shows (issue 27)", () => {
  it("tells a buyer in the review sheet that reviews are double-blind, then that theirs waits for the seller's", async () => {
    const [seller, buyer] = [await newUser(running.server), await newUser(running.server)];
    const goods = await goodsOf(running.server, seller, { title: "宜家落地灯 九成新", priceCents: 20_000 });
    const offer = await api(buyer, "POST", "/offers", { goodsId: goods.id, amountCents: 18_000 });
    const { dealId } = await api(seller, "POST", `/offers/${offer.id}/accept`);
    await api(seller, "POST", `/deals/${dealId}/complete`);

    const page = await phoneOf(buyer, "/userinfo?tab=bought");
    const card = page.locator(".trade_deal-card", { hasText: "宜家落地灯" });
    await card.getByRole("button", { name: named("评价") }).click();
    const sheet = page.getByRole("dialog");
    await sheet
      .getByText(/评价将在对方也评价后、或交易完成 \d+ 天后（\d+月\d+日）公开，在此之前双方都看不到对方的评价/)
      .waitFor();
    await sheet.getByRole("radio", { name: "5 星 非常满意" }).check();
    await sheet.getByRole("button", { name: named("提交评价") }).click();
    await sheet.waitFor({ state: "hidden" });
    await card.getByText(/已评价 · 对方评价后或 \d+月\d+日公开，此前仅你可见/).waitFor();
    expect(await card.getByRole("button", { name: named("评价") }).count()).toBe(0);
  });

  it("says on each card of a list which city the goods are in", async () => {
    const seller = await newUser(running.server);
    await goodsOf(running.server, seller, { title: "杭州自提 实木餐桌", location: "杭州 西湖" });
    const page = await newPage(running.browser, VIEWPORTS.phone);
    await page.goto(`${running.server.url}/search_result?keyword=${encodeURIComponent("杭州自提 实木餐桌")}`);
    await waitUntilSettled(page);
    const card = page.locator(".feed_goods-card", { hasText: "杭州自提 实木餐桌" });
    expect(await card.locator(".feed_goods-card__city").innerText()).toContain("杭州");
    // Over the card's picture, within the card on a phone's width.
    const box = await card.locator(".feed_goods-card__city").boundingBox();
    const cardBox = await card.boundingBox();
    expect(box && cardBox && box.x + box.width <= cardBox.x + cardBox.width).toBe(true);
  });

  it("shows a landscape cover as wide as the screen, with no band under it", async () => {
    const seller = await newUser(running.server);
    // goodsOf's picture is 900 × 700.
    const goods = await goodsOf(running.server, seller, { title: "横着拍的三人沙发" });
    const page = await newPage(running.browser, VIEWPORTS.phone);
    await page.goto(`${running.server.url}/goodsinfo/${goods.id}`);
    await page.locator("#comments-title").waitFor();
    const stage = page.locator(".goods-gallery_goods-gallery__slide").first();
    await expect
      .poll(async () => {
        const box = await stage.boundingBox();
        return box ? Math.round((100 * box.width) / box.height) : 0;
      })
      .toBe(Math.round((100 * 900) / 700));
  });

  it("asks for a category when a seller posts without one", async () => {
    const seller = await newUser(running.server);
    const page = await phoneOf(seller, "/post");
    await page.getByRole("button", { name: named("发布") }).click();
    await page.locator(".ant-form-item-explain-error", { hasText: "请选择分类" }).waitFor();
  });
});
