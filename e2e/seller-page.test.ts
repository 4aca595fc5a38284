import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS } from "./browser.js";
import { buyerAndSellerChat, goodsOf, newPage, newUser, pageOf, setGoodsStatus } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

describe("a seller's page", () => {
  it("is one tap from the goods page: the seller's profile, goods on sale, and 已售", async () => {
    const seller = await newUser(running.server);
    const onSale = await goodsOf(running.server, seller, { title: "宜家书架 白色", location: "杭州 西湖" });
    const sold = await goodsOf(running.server, seller, { title: "二手电饭煲 美的", location: "杭州 西湖" });
    await setGoodsStatus(running.server, seller, sold.id, "sold");

    // A visitor, signed out, on a phone.
    const page = await newPage(running.browser, VIEWPORTS.phone);
    await page.goto(`${running.server.url}/goodsinfo/${onSale.id}`);
    await page
      .getByRole("link", { name: new RegExp(seller.username) })
      .first()
      .click();

    await page.waitForURL(`**/user/${seller.id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(seller.username);
    await expect.poll(() => page.title()).toBe("用户主页");
    const figures = page.locator(".sellers_seller-header__figures");
    await expect.poll(() => figures.innerText()).toMatch(/在售\s*1/);
    expect(await figures.innerText()).toMatch(/已售\s*1/);
    // Nobody has written to this seller yet: nothing to say about their replies.
    expect(await figures.innerText()).not.toContain("回复率");
    expect(await page.locator(".sellers_seller-header").innerText()).toContain("杭州 西湖");
    expect(await page.locator(".sellers_seller-header").innerText()).toMatch(/加入于 \d{4}年\d{1,2}月/);

    const cards = page.locator(".feed_goods-card__title");
    await expect.poll(() => cards.allTextContents()).toEqual(["宜家书架 白色"]);
    await page.getByRole("tab", { name: "已售" }).click();
    await expect.poll(() => cards.allTextContents()).toEqual(["二手电饭煲 美的"]);
    expect(page.url()).toContain("tab=sold");
    // Back returns to the tab before, as the address keeps it.
    await page.goBack();
    await expect.poll(() => cards.allTextContents()).toEqual(["宜家书架 白色"]);

    await page.locator(".feed_goods-card__link").first().click();
    await page.waitForURL(`**/goodsinfo/${onSale.id}`);
  });

  it("is where the chat's peer leads", async () => {
    const { buyer, seller, chatPath } = await buyerAndSellerChat(running.server, "九成新投影仪");
    const page = await pageOf(running.browser, running.server, buyer, chatPath);
    await page.locator(".chat_conversation__peer-link").click();
    await page.waitForURL(`**/user/${seller.id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(seller.username);
    await expect.poll(() => page.locator(".feed_goods-card__title").allTextContents()).toEqual(["九成新投影仪"]);
  });

  it("says so when there is no such user", async () => {
    const page = await newPage(running.browser);
    await page.goto(`${running.server.url}/user/999999`);
    await page.getByText("用户不存在").waitFor();
  });
});
