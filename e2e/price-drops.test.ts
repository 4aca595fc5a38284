import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../server/src/test-support/test-app.js";
import { VIEWPORTS, waitUntilSettled } from "./browser.js";
import { type Account, goodsOf, newUser, pageOf } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

const cardOf = (page: Page, title: string) => page.locator("article.feed_goods-card").filter({ hasText: title });
/** Any 降价 ¥X on the card (the titles here do not start with 降价). */
const dropTagsOf = (page: Page, title: string) => cardOf(page, title).getByText(/^降价 ¥/);
const heartOf = (page: Page, title: string) => page.getByRole("button", { name: `收藏：${title}` });

/** Whether the user keeps the goods, as the server says: a click's call has arrived. */
const kept = async (user: Account, goodsId: string) =>
  (await call(running.server.app, "GET", `/api/fav/exists/${goodsId}`, { token: user.token })).data.exists;

/** The tag is whole inside its card: a phone's narrow card does not push it out of sight. */
async function expectInsideCard(page: Page, title: string) {
  const card = await cardOf(page, title).boundingBox();
  const tag = await cardOf(page, title).getByText("降价 ¥20").boundingBox();
  expect(tag && card && tag.x >= card.x && tag.x + tag.width <= card.x + card.width).toBe(true);
}

describe("a favourite that gets cheaper", () => {
  it("shows 降价 ¥X to who keeps it, in 我的收藏, the feed and the goods page, and to nobody else", async () => {
    const { server, browser } = running;
    const [seller, fan, latecomer] = await Promise.all([newUser(server), newUser(server), newUser(server)]);
    const title = `价格变了 ${randomBytes(4).toString("hex")}`;
    const goods = await goodsOf(server, seller, { title, priceCents: 10000 });

    const fanPage = await pageOf(browser, server, fan, `/goodsinfo/${goods.id}`);
    await fanPage.getByRole("button", { name: "收藏", exact: true }).click();
    await fanPage.getByRole("button", { name: "已收藏", exact: true }).waitFor();
    expect(await fanPage.getByText(/^降价 ¥/).count()).toBe(0);

    const sellerPage = await pageOf(browser, server, seller, `/post?edit=${goods.id}`);
    await sellerPage.getByLabel("价格（元）").fill("80");
    await sellerPage.getByRole("button", { name: "保存修改" }).click();
    await sellerPage.waitForURL(`**/goodsinfo/${goods.id}`);
    await sellerPage.locator(".goods-info_goods-info__price-now", { hasText: "¥80" }).waitFor();
    expect(await sellerPage.getByText(/^降价 ¥/).count()).toBe(0);

    await fanPage.goto(`${server.url}/userinfo`);
    await fanPage.getByRole("tab", { name: "我的收藏" }).click();
    const tag = cardOf(fanPage, title).getByText("降价 ¥20");
    await tag.waitFor();
    expect(await tag.getAttribute("title")).toBe("比收藏时降价 ¥20");

    await fanPage.setViewportSize(VIEWPORTS.phone);
    await fanPage.goto(`${server.url}/`);
    await waitUntilSettled(fanPage);
    await cardOf(fanPage, title).getByText("降价 ¥20").waitFor();
    await expectInsideCard(fanPage, title);

    await fanPage.goto(`${server.url}/goodsinfo/${goods.id}`);
    await fanPage.locator(".goods-info_goods-info__price").getByText("降价 ¥20").waitFor();

    // Who keeps the goods from now on counts from ¥80: their heart is on (their answer is in), no tag.
    await call(server.app, "POST", "/api/fav", { token: latecomer.token, body: { goodsId: goods.id } });
    const latecomerPage = await pageOf(browser, server, latecomer, "/");
    await expect.poll(() => heartOf(latecomerPage, title).getAttribute("aria-pressed")).toBe("true");
    expect(await dropTagsOf(latecomerPage, title).count()).toBe(0);
  });

  it("goes when the favourite is taken away and added again: that counts from the new price", async () => {
    const { server, browser } = running;
    const [seller, fan] = await Promise.all([newUser(server), newUser(server)]);
    const title = `重新收藏 ${randomBytes(4).toString("hex")}`;
    const goods = await goodsOf(server, seller, { title, priceCents: 10000 });
    await call(server.app, "POST", "/api/fav", { token: fan.token, body: { goodsId: goods.id } });
    await call(server.app, "PUT", `/api/goods/${goods.id}`, { token: seller.token, body: { priceCents: 8000 } });

    const fanPage = await pageOf(browser, server, fan, "/");
    const heart = heartOf(fanPage, title);
    await cardOf(fanPage, title).getByText("降价 ¥20").waitFor();
    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("false");
    expect(await dropTagsOf(fanPage, title).count()).toBe(0);
    await expect.poll(() => kept(fan, goods.id)).toBe(false);

    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => kept(fan, goods.id)).toBe(true);
    await fanPage.reload();
    await expect.poll(() => heartOf(fanPage, title).getAttribute("aria-pressed")).toBe("true");
    expect(await dropTagsOf(fanPage, title).count()).toBe(0);
  });
});
