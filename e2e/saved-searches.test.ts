import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goodsOf, newUser, pageOf } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

describe("saved searches", () => {
  it("are saved from the search page, then opened, renamed and deleted in the personal centre", async () => {
    const [user, seller] = await Promise.all([newUser(running.server), newUser(running.server)]);
    await goodsOf(running.server, seller, { title: "保存测试 折叠自行车", priceCents: 30_000, location: "上海 徐汇" });
    await goodsOf(running.server, seller, { title: "保存测试 山地自行车", priceCents: 90_000, location: "上海 徐汇" });
    const search = `/search_result?keyword=${encodeURIComponent("保存测试")}&maxPrice=500&city=${encodeURIComponent("上海")}`;
    const page = await pageOf(running.browser, running.server, user, search);
    const cards = page.locator(".feed_goods-card__title");
    await expect.poll(() => cards.allTextContents()).toEqual(["保存测试 折叠自行车"]);

    await page.getByRole("button", { name: "保存搜索" }).click();
    await page.getByText(/已保存/).waitFor();
    // The same search twice is refused with the server's words.
    await page.getByRole("button", { name: "保存搜索" }).click();
    await page.getByText("这个搜索已经保存过了").waitFor();

    await page.goto(`${running.server.url}/userinfo?tab=searches`);
    const item = page.locator(".saved-searches_saved-searches__item");
    await expect.poll(() => item.innerText()).toContain("“保存测试” · ¥500 以内 · 上海");

    await page.getByRole("button", { name: "重命名保存测试" }).click();
    await page.getByRole("textbox", { name: "新名称" }).fill("便宜的自行车");
    await page.getByRole("button", { name: "保 存" }).click();
    await expect.poll(() => page.locator(".saved-searches_saved-searches__name").textContent()).toBe("便宜的自行车");

    // Opening it runs the search with its filters.
    await page.getByRole("link", { name: /便宜的自行车/ }).click();
    await page.waitForURL("**/search_result?**");
    await expect.poll(() => cards.allTextContents()).toEqual(["保存测试 折叠自行车"]);
    await page.goBack();

    await page.getByRole("button", { name: "删除便宜的自行车" }).click();
    await page.getByRole("button", { name: "删 除" }).click();
    await page.getByText(/还没有保存的搜索/).waitFor();
  });
});
