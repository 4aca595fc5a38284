import type { Page, Route } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutboxCode } from "../server/src/test-support/accounts.js";
import {
  buyerAndSellerChat,
  demoUser,
  goodsOf,
  newestCaptchaAnswer,
  newPage,
  newUser,
  pageOf,
  setGoodsStatus,
} from "./fixtures.js";
import { throughPrism } from "./prism-proxy.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);
const proxied = throughPrism(beforeAll, afterAll, running);

const photo = (color: string) =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** Holds the first `count` requests to `url` until the test lets them go. */
function holdRequests(page: Page, url: string, count: number): Promise<Route[]> {
  const held: Route[] = [];
  return new Promise((resolve) => {
    void page.route(url, (route) => {
      held.push(route);
      if (held.length === count) resolve(held);
    });
  });
}

/** Lets the server answer every held request, then hands all the answers to the page at once. */
async function releaseTogether(routes: Route[]): Promise<void> {
  const answers = await Promise.all(routes.map((route) => route.fetch()));
  await Promise.all(routes.map((route, index) => route.fulfill({ response: answers[index] })));
}

const goodsPath = (goodsId: string) => `/goodsinfo/${goodsId}`;

// Each journey makes the users and goods it starts from through the API, so any of them runs alone
// (vitest -t) and in any order.
describe("a seller and a buyer, end to end", () => {
  it("registers through the captcha and the e-mail code from the outbox", async () => {
    const seller = { username: "journey_seller", email: "journey_seller@example.com", password: "firstpass1" };
    const page = await newPage(running.browser);
    await page.goto(`${running.server.url}/reg`);
    await page.getByLabel("用户名", { exact: true }).fill(seller.username);
    await page.getByLabel("密码", { exact: true }).fill(seller.password);
    await page.getByLabel("邮箱", { exact: true }).fill(seller.email);
    await page.locator(".accounts_captcha-image img").waitFor();
    await page.getByLabel("图形验证码", { exact: true }).fill(await newestCaptchaAnswer(running.server.app.db));
    await page.getByRole("button", { name: "获取验证码" }).click();
    await page.getByText("验证码已发送（如该邮箱可用），请查收邮件").waitFor();
    await page
      .getByLabel("邮箱验证码", { exact: true })
      .fill(await readOutboxCode(running.server.dataDir, seller.email));
    await page.getByRole("button", { name: /注\s*册/ }).click();
    await page.waitForURL(`${running.server.url}/`);
    await page.getByRole("button", { name: `${seller.username}的菜单` }).waitFor();
  });

  it("posts goods with two pictures and lands on their page", async () => {
    const page = await pageOf(running.browser, running.server, await newUser(running.server), "/post");
    const uploads = holdRequests(page, "**/api/com/upload", 2);
    await page.locator("input[type=file]").setInputFiles([
      { name: "front.jpg", mimeType: "image/jpeg", buffer: await photo("#3a6ea5") },
      { name: "back.jpg", mimeType: "image/jpeg", buffer: await photo("#a5503a") },
    ]);
    // Both answers reach the page together, as on a busy network: neither picture may be lost.
    await releaseTogether(await uploads);
    await expect.poll(() => page.locator(".pictures_picture-uploader__item img").count(), { timeout: 15_000 }).toBe(2);
    await page.getByLabel("标题").fill("九成新二手相机 带镜头");
    await page.getByLabel("描述").fill("自用单反，快门次数少，送相机包");
    await page.getByLabel("价格（元）").fill("1888");
    await page.getByLabel("分类").click();
    await page.getByTitle("数码影音").click();
    await page.getByRole("button", { name: /^发\s*布$/ }).click();
    await page.waitForURL(/\/goodsinfo\/\d+$/);
    await page.getByRole("heading", { name: "九成新二手相机 带镜头" }).waitFor();
    expect(await page.locator(".goods-gallery_goods-gallery__slide img").count()).toBe(2);
    expect(await page.locator(".goods-info_goods-info__price-now").textContent()).toBe("¥1,888");
  });

  it("is found by another user with a Chinese keyword, who favourites it and comments", async () => {
    const goods = await goodsOf(running.server, await newUser(running.server), {
      title: "全画幅二手相机 送相机包",
      category: "digital",
      priceCents: 366_600,
    });
    const page = await pageOf(running.browser, running.server, await demoUser(running.server, "alice"));
    await page.getByLabel("搜索闲置").fill("二手相机");
    await page.getByLabel("搜索闲置").press("Enter");
    await page.waitForURL(/\/search_result\?keyword=/);
    await page.getByText("全画幅二手相机 送相机包").click();
    await page.waitForURL(`${running.server.url}${goodsPath(goods.id)}`);

    await page.getByRole("button", { name: "收藏", exact: true }).click();
    await page.getByRole("button", { name: "已收藏", exact: true }).waitFor();
    await page.getByText("1 人想要").waitFor();

    await page.getByLabel("留言内容").fill("快门多少次了？");
    await page.getByRole("button", { name: "发表留言" }).click();
    await page.locator(".comments_comments__content", { hasText: "快门多少次了？" }).waitFor();
  });

  it("marks the goods sold, and the buyer's conversation about them says so", async () => {
    const { buyer, seller, goods, chatPath } = await buyerAndSellerChat(running.server);
    const [sellerPage, buyerPage] = await Promise.all([
      pageOf(running.browser, running.server, seller, goodsPath(goods.id)),
      pageOf(running.browser, running.server, buyer, chatPath),
    ]);
    await buyerPage.locator(".chat_conversation__goods", { hasText: "九成新二手相机 带镜头" }).waitFor();
    await sellerPage.getByLabel("闲置状态").click();
    await sellerPage.getByTitle("已售出").click();
    await sellerPage.getByText("已标记为已售出").waitFor();
    await sellerPage.locator(".goods-info_goods-info__tags", { hasText: "已售出" }).waitFor();
    await buyerPage.reload();
    await buyerPage.locator(".chat_conversation__goods", { hasText: "已售出" }).waitFor();
  });

  it("puts the goods back on sale from the personal center's list", async () => {
    const seller = await newUser(running.server);
    const goods = await goodsOf(running.server, seller, { title: "九成新二手相机 带镜头" });
    await setGoodsStatus(running.server, seller, goods.id, "sold");
    const page = await pageOf(running.browser, running.server, seller, "/userinfo");
    const item = page.locator(".my-goods_my-goods", { hasText: "九成新二手相机 带镜头" });
    await item.getByText("已售出").first().waitFor();
    await item.getByLabel("九成新二手相机 带镜头的状态").click();
    await page.getByTitle("在售").last().click();
    await page.getByText("已标记为在售").waitFor();
    const detail = await (await fetch(`${running.server.url}/api/goods/info/${goods.id}`)).json();
    expect(detail.data.status).toBe("on_sale");
  });

  it("changes the password, stays signed in, and signs in again with the new one after logging out", async () => {
    const seller = await newUser(running.server, "firstpass1");
    const page = await pageOf(running.browser, running.server, seller, "/userinfo");
    await page.getByRole("tab", { name: "账号安全" }).click();
    await page.getByLabel("原密码").fill(seller.password);
    await page.getByLabel("新密码").fill("secondpass2");
    await page.getByRole("button", { name: "修改密码" }).click();
    await page.getByText("密码已修改，其他设备已退出登录").waitFor();
    expect(page.url()).toBe(`${running.server.url}/userinfo?tab=security`);
    await page.getByRole("button", { name: `${seller.username}的菜单` }).click();
    await page.getByRole("menuitem", { name: "退出登录" }).click();
    await page.getByRole("link", { name: "登录" }).click();
    await page.getByLabel("用户名", { exact: true }).fill(seller.username);
    await page.getByLabel("密码", { exact: true }).fill("secondpass2");
    await page.getByRole("button", { name: /^登\s*录$/ }).click();
    await page.waitForURL(`${running.server.url}/`);
    await page.getByRole("button", { name: `${seller.username}的菜单` }).waitFor();
  });
});

describe("the journeys' calls, through Prism's validating proxy", () => {
  it("were each as the API document describes, and so was each answer", () => {
    expect(proxied.length).toBeGreaterThan(20);
    expect(proxied.filter((call) => call.violations.length > 0)).toEqual([]);
  });
});
