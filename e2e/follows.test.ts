import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goodsOf, newPage, newUser, pageOf } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

describe("following a seller", () => {
  it("is done from their page: the button and the seller's 粉丝 count change, and undone", async () => {
    const [fan, seller] = await Promise.all([newUser(running.server), newUser(running.server)]);
    const page = await pageOf(running.browser, running.server, fan, `/user/${seller.id}`);
    const figures = page.locator(".sellers_seller-header__figures");
    await expect.poll(() => figures.innerText()).toMatch(/粉丝\s*0/);

    await page.getByRole("button", { name: "关注", exact: true }).click();
    await page.getByRole("button", { name: "已关注" }).waitFor();
    await expect.poll(() => figures.innerText()).toMatch(/粉丝\s*1/);

    // The fan's own page counts whom they follow.
    await page.goto(`${running.server.url}/user/${fan.id}`);
    await expect.poll(() => figures.innerText()).toMatch(/关注\s*1/);
    expect(await page.getByRole("button", { name: /关注/ }).count()).toBe(0);

    await page.goto(`${running.server.url}/user/${seller.id}`);
    await page.getByRole("button", { name: "已关注" }).click();
    await page.getByRole("button", { name: "关注", exact: true }).waitFor();
    await expect.poll(() => figures.innerText()).toMatch(/粉丝\s*0/);
  });

  it("asks a visitor to sign in first", async () => {
    const seller = await newUser(running.server);
    const page = await newPage(running.browser);
    await page.goto(`${running.server.url}/user/${seller.id}`);
    await page.getByRole("button", { name: "关注", exact: true }).click();
    await page.waitForURL("**/login");
  });

  it("fills the home's 关注 tab with the followed sellers' goods, newest first", async () => {
    const [fan, seller, stranger] = await Promise.all([
      newUser(running.server),
      newUser(running.server),
      newUser(running.server),
    ]);
    await goodsOf(running.server, seller, { title: "关注测试 旧台灯" });
    await goodsOf(running.server, seller, { title: "关注测试 新书桌" });
    await goodsOf(running.server, stranger, { title: "关注测试 别人的椅子" });

    const page = await pageOf(running.browser, running.server, fan, "/");
    await page.getByText("关注", { exact: true }).click();
    await page.waitForURL("**/?feed=following");
    await page.getByText(/还没有关注的卖家在售的闲置/).waitFor();

    await page.goto(`${running.server.url}/user/${seller.id}`);
    await page.getByRole("button", { name: "关注", exact: true }).click();
    await page.getByRole("button", { name: "已关注" }).waitFor();

    await page.goto(`${running.server.url}/?feed=following`);
    const cards = page.locator(".feed_goods-card__title");
    await expect.poll(() => cards.allTextContents()).toEqual(["关注测试 新书桌", "关注测试 旧台灯"]);
    await page.getByText("推荐", { exact: true }).click();
    await expect.poll(() => cards.allTextContents()).toContain("关注测试 别人的椅子");
  });
});
