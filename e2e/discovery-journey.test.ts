import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchSavedSearches } from "../server/src/features/saved-searches/index.js";
import { serviceDeps } from "../server/src/services.js";
import { call } from "../server/src/test-support/test-app.js";
import { goodsOf, newUser, pageOf } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

/** The bell in the top bar, named by its count: "通知，2 条未读". */
const bell = (page: Page, unread: number) =>
  page.getByRole("banner").getByRole("link", { name: unread ? `通知，${unread} 条未读` : "通知", exact: true });

/**
 * The saved-search job's round, as its every-minute timer runs it, taking goods posted a moment
 * ago too (the timer leaves them a few seconds to settle).
 */
const runSavedSearchJob = () => matchSavedSearches(serviceDeps(running.server.app), 0);

describe("discovery: following, saved searches and favourites", () => {
  it("tells the buyer live of a followed seller's new goods, a price drop and a saved search's match, each opening its target", async () => {
    const { server, browser } = running;
    const [buyer, seller] = await Promise.all([newUser(server), newUser(server)]);
    const keyword = `黑胶${randomBytes(3).toString("hex")}`;
    const kept = await goodsOf(server, seller, { title: "复古收音机", priceCents: 30_000 });
    // What the job would find of the demo goods is told now, so that the round below is the new goods'.
    await runSavedSearchJob();

    // The buyer follows the seller from the seller's page…
    const page = await pageOf(browser, server, buyer, `/user/${seller.id}`);
    await page.getByRole("button", { name: "关注", exact: true }).click();
    await page.getByRole("button", { name: "已关注" }).waitFor();
    // …saves a search for the keyword (under ¥500)…
    await page.goto(`${server.url}/search_result?keyword=${encodeURIComponent(keyword)}&maxPrice=500`);
    await page.getByRole("button", { name: "保存搜索" }).click();
    await page.getByText(/已保存/).waitFor();
    // …and keeps one of the seller's goods.
    await page.goto(`${server.url}/goodsinfo/${kept.id}`);
    await page.getByRole("button", { name: "收藏", exact: true }).click();
    await page.getByRole("button", { name: "已收藏" }).waitFor();
    await page.goto(`${server.url}/`);
    await bell(page, 0).waitFor();

    // The seller posts goods matching the search: the followers hear at once.
    const posted = await goodsOf(server, seller, { title: `${keyword} 唱机 九成新`, priceCents: 40_000 });
    await bell(page, 1).waitFor();
    // The seller lowers the price of the kept goods.
    const lowered = await call(server.app, "PUT", `/api/goods/${kept.id}`, {
      token: seller.token,
      body: { priceCents: 25_000 },
    });
    expect(lowered.code).toBe(200);
    await bell(page, 2).waitFor();
    // The saved-search job's next round finds the new goods.
    await runSavedSearchJob();
    await bell(page, 3).waitFor();

    await bell(page, 3).click();
    await page.waitForFunction(() => document.title === "通知");
    const lines = page.getByRole("region", { name: "今天" }).getByRole("listitem");
    const lineTexts = async () => (await lines.allInnerTexts()).map((text) => text.replace(/\s+/g, " "));
    await expect
      .poll(lineTexts)
      .toEqual([
        expect.stringContaining(`有新闲置符合你保存的搜索 （未读） ${keyword} · 1 件新闲置`),
        expect.stringContaining("你收藏的闲置降价了 （未读） 现价 ¥250 复古收音机"),
        expect.stringContaining(`${seller.username} 发布了新闲置 （未读） ${posted.title}`),
      ]);

    // The saved search's line opens the search, with its keyword and filters.
    await page.getByRole("link", { name: /^有新闲置符合你保存的搜索/ }).click();
    await page.waitForURL("**/search_result?**");
    const address = new URL(page.url());
    expect(Object.fromEntries(address.searchParams)).toEqual({ keyword, maxPrice: "500" });
    await expect.poll(() => page.locator(".feed_goods-card__title").allTextContents()).toEqual([posted.title]);
    await bell(page, 2).waitFor();
  });
});
