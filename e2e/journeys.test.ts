import type { Browser, BrowserContext, Page, Route, WebSocketRoute } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutboxCode } from "../server/src/test-support/accounts.js";
import { launchBrowser, sendChatMessage, signInAs } from "./browser.js";
import { type RunningServer, startServer } from "./server.js";

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

/** The answer of the captcha the page shows: only a test can read it, from the database. */
async function captchaAnswer(): Promise<string> {
  const row = await server.app.db
    .selectFrom("captchas")
    .select("answer")
    .orderBy("expiresAt", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.answer;
}

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

const seller = { username: "journey_seller", email: "journey_seller@example.com", password: "firstpass1" };
let goodsUrl = "";

describe("a seller and a buyer, end to end", () => {
  let sellerPage: Page;
  let buyerPage: Page;

  it("registers through the captcha and the e-mail code from the outbox", async () => {
    sellerPage = await newPage();
    const page = sellerPage;
    await page.goto(`${server.url}/reg`);
    await page.getByLabel("用户名", { exact: true }).fill(seller.username);
    await page.getByLabel("密码", { exact: true }).fill(seller.password);
    await page.getByLabel("确认密码", { exact: true }).fill(seller.password);
    await page.getByLabel("邮箱", { exact: true }).fill(seller.email);
    await page.locator(".captcha-image img").waitFor();
    await page.getByLabel("图形验证码", { exact: true }).fill(await captchaAnswer());
    await page.getByRole("button", { name: "获取验证码" }).click();
    await page.getByText("验证码已发送，请查收邮件").waitFor();
    await page.getByLabel("邮箱验证码", { exact: true }).fill(await readOutboxCode(server.dataDir, seller.email));
    await page.getByRole("button", { name: /注\s*册/ }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole("button", { name: `${seller.username}的菜单` }).waitFor();
  });

  it("posts goods with two pictures and lands on their page", async () => {
    const page = sellerPage;
    await page.goto(`${server.url}/post`);
    const uploads = holdRequests(page, "**/api/com/upload", 2);
    await page.locator("input[type=file]").setInputFiles([
      { name: "front.jpg", mimeType: "image/jpeg", buffer: await photo("#3a6ea5") },
      { name: "back.jpg", mimeType: "image/jpeg", buffer: await photo("#a5503a") },
    ]);
    // Both answers reach the page together, as on a busy network: neither picture may be lost.
    await releaseTogether(await uploads);
    await expect.poll(() => page.locator(".picture-uploader__item img").count(), { timeout: 15_000 }).toBe(2);
    await page.getByLabel("标题").fill("九成新二手相机 带镜头");
    await page.getByLabel("描述").fill("自用单反，快门次数少，送相机包");
    await page.getByLabel("价格（元）").fill("1888");
    await page.getByLabel("分类").click();
    await page.getByTitle("数码影音").click();
    await page.getByRole("button", { name: /^发\s*布$/ }).click();
    await page.waitForURL(/\/goodsinfo\/\d+$/);
    goodsUrl = page.url();
    await page.getByRole("heading", { name: "九成新二手相机 带镜头" }).waitFor();
    expect(await page.locator(".goods-gallery__slide img").count()).toBe(2);
    expect(await page.locator(".goods-info__price-now").textContent()).toBe("¥1,888");
  });

  it("is found by another user with a Chinese keyword, who favourites it and comments", async () => {
    buyerPage = await newPage();
    const page = buyerPage;
    await signInAs(page, server.url, "alice", "xianzhi123");
    await page.goto(`${server.url}/`);
    await page.getByLabel("搜索闲置").fill("二手相机");
    await page.getByLabel("搜索闲置").press("Enter");
    await page.waitForURL(/\/search_result\?keyword=/);
    await page.getByText("九成新二手相机 带镜头").click();
    await page.waitForURL(goodsUrl);

    await page.getByRole("button", { name: "收藏" }).click();
    await page.getByRole("button", { name: "已收藏" }).waitFor();
    await page.getByText("1 人想要").waitFor();

    await page.getByLabel("留言内容").fill("快门多少次了？");
    await page.getByRole("button", { name: "发表留言" }).click();
    await page.locator(".comments__content", { hasText: "快门多少次了？" }).waitFor();
  });

  it("lets buyer and seller chat live", async () => {
    await buyerPage.getByRole("button", { name: "聊一聊" }).click();
    await buyerPage.waitForURL(/\/chat\?chatId=\d+/);
    await buyerPage.getByLabel("输入消息").waitFor();

    await sellerPage.goto(`${server.url}/chat`);
    await buyerPage.getByLabel("输入消息").fill("还在吗？");
    await buyerPage.getByLabel("输入消息").press("Enter");
    const question = buyerPage.locator(".bubble--mine", { hasText: "还在吗？" });
    await question.getByText("未读").waitFor();
    await buyerPage.locator(".chat-list__preview", { hasText: "[未读] 还在吗？" }).waitFor();

    const conversationWithBuyer = sellerPage.locator(".chat-list__item", { hasText: "爱丽丝" });
    await conversationWithBuyer.locator(".ant-badge-count", { hasText: "1" }).waitFor();
    await conversationWithBuyer.click();
    await sellerPage.locator(".bubble", { hasText: "还在吗？" }).waitFor();
    // The seller has opened it: the buyer's message turns 已读 without a reload.
    await question.getByText("已读").waitFor();
    await buyerPage.locator(".chat-list__preview", { hasText: "[已读] 还在吗？" }).waitFor();
    await sellerPage.getByLabel("输入消息").fill("在的，可以小刀");
    await sellerPage.getByRole("button", { name: /^发\s*送$/ }).click();
    await buyerPage.locator(".bubble:not(.bubble--mine)", { hasText: "在的，可以小刀" }).waitFor();
    // The buyer is looking at this conversation: no notification for it.
    expect(await buyerPage.locator(".message-notification").count()).toBe(0);
  });

  it("catches up on what the buyer missed while the connection was down", async () => {
    const page = await newPage();
    const sockets: { route: WebSocketRoute; dropping: boolean }[] = [];
    // Each chat socket of this page passes through here; frames to the page can be dropped, as a
    // failing network would, and the socket closed.
    await page.routeWebSocket(/\/api\/ws/, (route) => {
      const socket = { route, dropping: false };
      sockets.push(socket);
      const server = route.connectToServer();
      server.onMessage((frame) => {
        if (!socket.dropping) route.send(frame);
      });
      route.onMessage((frame) => server.send(frame));
    });
    await signInAs(page, server.url, "alice", "xianzhi123");
    await page.goto(buyerPage.url());
    await page.locator(".bubble", { hasText: "在的，可以小刀" }).waitFor();
    await expect.poll(() => sockets.length).toBe(1);

    const [first] = sockets;
    if (first) first.dropping = true;
    await sendChatMessage(sellerPage, "掉线时发的消息");
    await first?.route.close();

    await page.locator(".bubble", { hasText: "掉线时发的消息" }).waitFor();
    expect(sockets.length).toBe(2);
    await page.context().close();
  });

  it("sends a picture in the chat, which opens large when the peer clicks it", async () => {
    const chooser = buyerPage.waitForEvent("filechooser");
    await buyerPage.getByLabel("发送图片").click();
    await (await chooser).setFiles({ name: "lens.jpg", mimeType: "image/jpeg", buffer: await photo("#2f6f4f") });
    await buyerPage.locator(".bubble--mine img[alt='图片消息']").waitFor();

    const picture = sellerPage.locator(".bubble:not(.bubble--mine) img[alt='图片消息']");
    await picture.click();
    await sellerPage.locator(".ant-image-preview img").waitFor();
    await sellerPage.keyboard.press("Escape");
  });

  it("tells the seller of a new message on any screen, and opens the chat from there", async () => {
    await sellerPage.goto(`${server.url}/`);
    await sellerPage.locator(".goods-card").first().waitFor();
    await sendChatMessage(buyerPage, "还能再便宜点吗");

    const notice = sellerPage.locator(".message-notification", { hasText: "还能再便宜点吗" });
    await expect.poll(() => notice.locator(".ant-notification-notice-title").textContent()).toBe("爱丽丝 发来新消息");
    await notice.click();
    await sellerPage.waitForURL(/\/chat\?chatId=\d+/);
    await sellerPage.locator(".bubble", { hasText: "还能再便宜点吗" }).waitFor();
    await notice.waitFor({ state: "detached" });
  });

  it("marks the goods sold", async () => {
    await sellerPage.goto(goodsUrl);
    await sellerPage.getByLabel("闲置状态").click();
    await sellerPage.getByTitle("已售出").click();
    await sellerPage.getByText("已标记为已售出").waitFor();
    await sellerPage.locator(".goods-info__tags", { hasText: "已售出" }).waitFor();
    // The buyer's conversation about it says so too.
    await buyerPage.reload();
    await buyerPage.locator(".conversation__goods", { hasText: "已售出" }).waitFor();
  });

  it("puts the goods back on sale from the personal center's list", async () => {
    const page = sellerPage;
    await page.goto(`${server.url}/userinfo`);
    const item = page.locator(".my-goods", { hasText: "九成新二手相机 带镜头" });
    await item.getByText("已售出").first().waitFor();
    await item.getByLabel("九成新二手相机 带镜头的状态").click();
    await page.getByTitle("在售").last().click();
    await page.getByText("已标记为在售").waitFor();
    const detail = await (await fetch(`${server.url}/api/goods/info/${goodsUrl.split("/").pop()}`)).json();
    expect(detail.data.status).toBe("on_sale");
  });

  it("changes the password, stays signed in, and signs in again with the new one after logging out", async () => {
    const page = sellerPage;
    await page.goto(`${server.url}/userinfo`);
    await page.getByRole("tab", { name: "账号安全" }).click();
    await page.getByLabel("原密码").fill(seller.password);
    await page.getByLabel("新密码").fill("secondpass2");
    await page.getByRole("button", { name: "修改密码" }).click();
    await page.getByText("密码已修改，其他设备已退出登录").waitFor();
    expect(page.url()).toBe(`${server.url}/userinfo`);
    await page.getByRole("button", { name: `${seller.username}的菜单` }).click();
    await page.getByRole("menuitem", { name: "退出登录" }).click();
    await page.getByRole("link", { name: "登录" }).click();
    await page.getByLabel("用户名", { exact: true }).fill(seller.username);
    await page.getByLabel("密码", { exact: true }).fill("secondpass2");
    await page.getByRole("button", { name: /登\s*录/ }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole("button", { name: `${seller.username}的菜单` }).waitFor();
  });
});
