import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs } from "./browser.js";
import { demoUser, goodsOf, newPage, newUser, pageOf } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

/** A button's name as Ant Design writes it: two Chinese characters get a space between them (出 价). */
const named = (words: string) => new RegExp(`^${[...words].join("\\s*")}$`);

/** The offer card of the given amount in the open conversation. */
const offerCard = (page: Page, amount: string) => page.locator(".offers_offer-card", { hasText: amount });

/** Fills the open sheet's amount and sends it with its button (出价 or 还价). */
async function sendAmount(page: Page, verb: string, yuan: string) {
  const sheet = page.getByRole("dialog", { name: verb });
  await sheet.getByLabel(`${verb}金额（元）`).fill(yuan);
  await sheet.getByRole("button", { name: named(verb) }).click();
  await sheet.waitFor({ state: "hidden" });
}

/** Reviews the only deal of the open deal list: stars (by their spoken name), words, 提交评价. */
async function review(page: Page, stars: string, words: string) {
  await page
    .locator(".trade_deal-card")
    .getByRole("button", { name: named("评价") })
    .click();
  const sheet = page.getByRole("dialog");
  await sheet.getByRole("radio", { name: stars }).check();
  await sheet.getByLabel("说说这次交易（选填）").fill(words);
  await sheet.getByRole("button", { name: named("提交评价") }).click();
  await sheet.waitFor({ state: "hidden" });
}

describe("the trade loop", () => {
  it("takes an offer from the goods page through a counter-offer, the deal and both reviews to the seller's page", async () => {
    const seller = await newUser(running.server);
    const goods = await goodsOf(running.server, seller, { title: "索尼降噪耳机 WH-1000XM4", priceCents: 188_800 });
    const buyer = await demoUser(running.server, "alice");

    // The buyer, on a phone, offers from the goods page; a wrong amount is refused with its reason.
    const buyerPage = await newPage(running.browser, { width: 360, height: 780 });
    await signInAs(buyerPage, running.server.url, buyer.username, buyer.password);
    await buyerPage.goto(`${running.server.url}/goodsinfo/${goods.id}`);
    await buyerPage.locator("[aria-haspopup=menu]").first().waitFor({ state: "attached" });
    await buyerPage.getByRole("button", { name: "出价", exact: true }).click();
    const sheet = buyerPage.getByRole("dialog", { name: "出价" });
    const amount = sheet.getByLabel("出价金额（元）");
    expect(await amount.inputValue()).toBe("1888");
    await amount.fill("2000");
    await sheet.getByRole("button", { name: named("出价") }).click();
    await sheet.getByRole("alert").getByText("出价不能高于售价 ¥1,888").waitFor();
    await sendAmount(buyerPage, "出价", "1700");
    await buyerPage.waitForURL(/\/chat\?chatId=\d+/);
    const chatPath = new URL(buyerPage.url()).pathname + new URL(buyerPage.url()).search;
    const buyersOffer = offerCard(buyerPage, "¥1,700");
    await buyersOffer.getByText("待回应").waitFor();
    await buyersOffer.getByRole("button", { name: named("撤回") }).waitFor();
    expect(await buyersOffer.getByRole("button", { name: named("接受") }).count()).toBe(0);

    // The seller answers with a counter-offer; the buyer sees both cards change without a reload.
    const sellerPage = await pageOf(running.browser, running.server, seller, chatPath);
    const offerToSeller = offerCard(sellerPage, "¥1,700");
    await offerToSeller.getByText("爱丽丝出价").waitFor();
    expect(await offerToSeller.getByRole("button", { name: named("撤回") }).count()).toBe(0);
    await offerToSeller.getByRole("button", { name: named("还价") }).click();
    await sendAmount(sellerPage, "还价", "1800");
    await offerToSeller.getByText("已还价").waitFor();
    await offerCard(sellerPage, "¥1,800")
      .getByRole("button", { name: named("撤回") })
      .waitFor();

    await buyersOffer.getByText("已还价").waitFor();
    const counter = offerCard(buyerPage, "¥1,800");
    await counter.getByText(`${seller.username}还价`).waitFor();
    await counter.getByRole("button", { name: named("接受") }).click();

    // Accepted: both cards say so, both headers show the deal, and the goods are reserved.
    await counter.getByText("已接受").waitFor();
    await offerCard(sellerPage, "¥1,800").getByText("已接受").waitFor();
    const sellersDeal = sellerPage.getByRole("region", { name: "交易" });
    await sellersDeal.getByText("交易中").waitFor();
    await buyerPage.getByRole("region", { name: "交易" }).getByText("交易中").waitFor();
    expect(await buyerPage.getByRole("button", { name: named("确认成交") }).count()).toBe(0);
    await buyerPage.goto(`${running.server.url}/goodsinfo/${goods.id}`);
    await buyerPage.locator(".goods-info_goods-info__notice", { hasText: "已预订" }).waitFor();
    expect(await buyerPage.getByRole("button", { name: "出价", exact: true }).count()).toBe(0);
    await buyerPage.goBack();

    // The seller completes the deal: sold, and the buyer's header follows.
    await sellersDeal.getByRole("button", { name: named("确认成交") }).click();
    await sellerPage
      .locator(".ant-popconfirm")
      .getByRole("button", { name: named("确认成交") })
      .click();
    await sellersDeal.getByText("已成交").waitFor();
    await buyerPage.getByRole("region", { name: "交易" }).getByText("已成交").waitFor();
    await buyerPage.getByRole("button", { name: "去评价" }).waitFor();
    await buyerPage.goto(`${running.server.url}/goodsinfo/${goods.id}`);
    await buyerPage.locator(".goods-info_goods-info__notice", { hasText: "已售出" }).waitFor();

    // Both review from the personal centre; the buyer's words show once both have written.
    await buyerPage.goto(`${running.server.url}/userinfo?tab=bought`);
    const bought = buyerPage.locator(".trade_deal-card", { hasText: "索尼降噪耳机" });
    await bought.getByText("¥1,800").waitFor();
    await review(buyerPage, "5 星 非常满意", "耳机成色很好，卖家发货快");
    await bought.getByRole("img", { name: "5 星 非常满意" }).waitFor();

    await sellerPage.goto(`${running.server.url}/userinfo?tab=sold`);
    const sold = sellerPage.locator(".trade_deal-card", { hasText: "索尼降噪耳机" });
    await sold.getByText("买家已评价，你评价后可见").waitFor();
    await review(sellerPage, "4 星 满意", "买家爽快");
    await sold.getByText("耳机成色很好，卖家发货快").waitFor();

    // The seller's page: the rating, the completed sale, and the buyer's review under 评价.
    const visitor = await newPage(running.browser);
    await visitor.goto(`${running.server.url}/user/${seller.id}`);
    const rating = visitor.locator(".sellers_seller-header__rating");
    await rating.getByRole("img", { name: "5.0 星" }).waitFor();
    expect(await rating.innerText()).toContain("1 条评价");
    await expect.poll(() => visitor.locator(".sellers_seller-header__figures").innerText()).toMatch(/成交\s*1/);
    await visitor.getByRole("tab", { name: "评价 1" }).click();
    const reviewItem = visitor.locator(".sellers_seller-review", { hasText: "耳机成色很好，卖家发货快" });
    await reviewItem.getByText("来自买家").waitFor();
    await reviewItem.getByText("索尼降噪耳机 WH-1000XM4").waitFor();
    await reviewItem.getByRole("link", { name: /爱丽丝/ }).waitFor();
  });
});
