import type { Page, WebSocketRoute } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../server/src/test-support/test-app.js";
import { answerOffer, endDeal, madeOffer } from "../server/src/test-support/trade.js";
import { sendChatMessage, signInAs } from "./browser.js";
import {
  type Account,
  buyerAndSellerChat,
  demoUser,
  goodsOf,
  newPage,
  newUser,
  pageOf,
  setGoodsStatus,
} from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

const photo = (color: string) =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

interface RoutedSocket {
  route: WebSocketRoute;
  /** Frames from the server are lost on their way to the page, as on a failing network. */
  droppingToPage: boolean;
  /** Messages the page sends are lost on their way to the running.server. */
  droppingSends: boolean;
  /** Whether the server has answered the test's own ping: the page's socket is open by then. */
  open: boolean;
  /** The frames the server sent, as text. */
  received: string[];
}

/** How many history requests the page has open: a catch-up under way shows here. */
function historyRequestsInFlight(page: Page): () => number {
  const open = new Set<unknown>();
  const isHistory = (url: string) => url.includes("/api/chat/getlist");
  page.on("request", (request) => isHistory(request.url()) && open.add(request));
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
  return () => open.size;
}

/** Each chat socket of the page passes through the test, which may lose frames or close it. */
async function routeChatSockets(page: Page): Promise<RoutedSocket[]> {
  const sockets: RoutedSocket[] = [];
  await page.routeWebSocket(/\/api\/ws/, (route) => {
    const socket: RoutedSocket = { route, droppingToPage: false, droppingSends: false, open: false, received: [] };
    sockets.push(socket);
    const toServer = route.connectToServer();
    toServer.send(JSON.stringify({ type: "ping" }));
    toServer.onMessage((frame) => {
      socket.received.push(String(frame));
      if (String(frame).includes('"type":"pong"')) socket.open = true;
      if (!socket.droppingToPage) route.send(frame);
    });
    route.onMessage((frame) => {
      if (!(socket.droppingSends && String(frame).includes('"type":"send"'))) toServer.send(frame);
    });
  });
  return sockets;
}

/**
 * `account`'s page opening the chat at `chatPath` while the answers to `url` are held: the server
 * reads them when asked, the page gets them only at `deliver()`. Resolves once the server has read
 * them and the page's socket is open.
 */
async function openChatHoldingAnswers(account: Account, chatPath: string, url: RegExp) {
  const page = await newPage(running.browser);
  const sockets = await routeChatSockets(page);
  let read = false;
  let deliver = () => {};
  const delivered = new Promise<void>((resolve) => {
    deliver = resolve;
  });
  await page.route(url, async (route) => {
    const response = await route.fetch();
    read = true;
    await delivered;
    await route.fulfill({ response });
  });
  await signInAs(page, running.server.url, account.username, account.password);
  await page.goto(`${running.server.url}${chatPath}`);
  await expect.poll(() => read && sockets[0]?.open).toBe(true);
  return { page, socket: sockets[0], deliver };
}

describe("chat between a buyer and a seller", () => {
  it("lets buyer and seller chat live", async () => {
    const seller = await newUser(running.server);
    const goods = await goodsOf(running.server, seller, { title: "九成新二手相机 带镜头" });
    const buyerPage = await pageOf(
      running.browser,
      running.server,
      await demoUser(running.server, "alice"),
      `/goodsinfo/${goods.id}`,
    );
    await buyerPage.getByRole("button", { name: "聊一聊" }).click();
    await buyerPage.waitForURL(/\/chat\?chatId=\d+/);
    await buyerPage.getByLabel("输入消息").waitFor();

    const sellerPage = await pageOf(running.browser, running.server, seller, "/chat");
    await buyerPage.getByLabel("输入消息").fill("还在吗？");
    await buyerPage.getByLabel("输入消息").press("Enter");
    const question = buyerPage.locator(".chat_bubble--mine", { hasText: "还在吗？" });
    await question.getByText("未读").waitFor();
    const buyersListItem = buyerPage.locator(".chat_chat-list__item", { hasText: seller.username });
    await buyersListItem.locator(".chat_chat-list__preview", { hasText: "[未读] 还在吗？" }).waitFor();

    const conversationWithBuyer = sellerPage.locator(".chat_chat-list__item", { hasText: "爱丽丝" });
    await conversationWithBuyer.locator(".ant-badge-count", { hasText: "1" }).waitFor();
    await conversationWithBuyer.click();
    await sellerPage.locator(".chat_bubble", { hasText: "还在吗？" }).waitFor();
    // The seller has opened it: the buyer's message turns 已读 without a reload.
    await question.getByText("已读").waitFor();
    await buyersListItem.locator(".chat_chat-list__preview", { hasText: "[已读] 还在吗？" }).waitFor();
    await sellerPage.getByLabel("输入消息").fill("在的，可以小刀");
    await sellerPage.getByRole("button", { name: /^发\s*送$/ }).click();
    await buyerPage.locator(".chat_bubble:not(.chat_bubble--mine)", { hasText: "在的，可以小刀" }).waitFor();
    // The buyer is looking at this conversation: no notification for it.
    expect(await buyerPage.locator(".message-notification").count()).toBe(0);
    // Each message shows once, on both sides.
    expect(await buyerPage.locator(".chat_bubble", { hasText: "还在吗？" }).count()).toBe(1);
    expect(await sellerPage.locator(".chat_bubble", { hasText: "在的，可以小刀" }).count()).toBe(1);
  });

  it("catches up on what the buyer missed while the connection was down", async () => {
    const { buyer, seller, chatPath } = await buyerAndSellerChat(running.server);
    const sellerPage = await pageOf(running.browser, running.server, seller, chatPath);
    const page = await newPage(running.browser);
    const sockets = await routeChatSockets(page);
    const historyInFlight = historyRequestsInFlight(page);
    await signInAs(page, running.server.url, buyer.username, buyer.password);
    await page.goto(`${running.server.url}${chatPath}`);
    // The socket is open and the catch-up its opening started has answered: a catch-up still on
    // its way would bring the message sent below without any reconnect.
    await expect.poll(() => sockets[0]?.open).toBe(true);
    await expect.poll(historyInFlight).toBe(0);
    await sendChatMessage(sellerPage, "在的，可以小刀");
    await page.locator(".chat_bubble", { hasText: "在的，可以小刀" }).waitFor();
    expect(sockets.length).toBe(1);
    const [first] = sockets;

    if (first) first.droppingToPage = true;
    await sendChatMessage(sellerPage, "掉线时发的消息");
    await first?.route.close();

    await page.locator(".chat_bubble", { hasText: "掉线时发的消息" }).waitFor();
    expect(sockets.length).toBe(2);
    expect(await page.locator(".chat_bubble", { hasText: "在的，可以小刀" }).count()).toBe(1);
  });

  it("shows a message that comes while the conversation's history is still on its way", async () => {
    const { buyer, seller, chatPath } = await buyerAndSellerChat(running.server);
    const sellerPage = await pageOf(running.browser, running.server, seller, chatPath);
    // The server reads the history when asked; the page gets it only once the message has come live.
    const { page, socket, deliver } = await openChatHoldingAnswers(buyer, chatPath, /\/api\/chat\/getlist/);

    await sendChatMessage(sellerPage, "刚上架就有人问了");
    await expect.poll(() => socket?.received.some((frame) => frame.includes("刚上架就有人问了"))).toBe(true);
    deliver();
    await page.locator(".chat_bubble", { hasText: "刚上架就有人问了" }).waitFor();
    expect(await page.locator(".chat_bubble", { hasText: "刚上架就有人问了" }).count()).toBe(1);
  });

  it("shows a deal that ends while the chat's trade is still on its way", async () => {
    const { buyer, seller, goods, chatPath } = await buyerAndSellerChat(running.server);
    const offer = await madeOffer(running.server.app, buyer.token, goods.id, 150_000);
    const { data: accepted } = await answerOffer(running.server.app, seller.token, offer.id, "accept");
    // The server reads the trade (交易中) when asked; the page gets it only once the deal's end came live.
    const { page, socket, deliver } = await openChatHoldingAnswers(buyer, chatPath, /\/api\/offers\?chatId=/);

    expect((await endDeal(running.server.app, seller.token, String(accepted.dealId), "complete")).code).toBe(200);
    await expect.poll(() => socket?.received.some((frame) => frame.includes('"status":"completed"'))).toBe(true);
    deliver();
    await page.getByRole("region", { name: "交易" }).getByText("已成交").waitFor();
  });

  it("warns the reader of a message that moves the deal off the product, and keeps outside links unclickable", async () => {
    const { buyer, seller, chatPath } = await buyerAndSellerChat(running.server);
    const [buyerPage, sellerPage] = await Promise.all([
      pageOf(running.browser, running.server, buyer, chatPath),
      pageOf(running.browser, running.server, seller, chatPath),
    ]);
    await sendChatMessage(sellerPage, "加我微信 wx12345678，先付定金 200，链接 https://t.cn/A6abcd");
    await sellerPage.getByText("对方会看到安全提醒").waitFor();

    const banner = buyerPage.getByRole("note", { name: "安全提醒" });
    await banner.getByText("对方想换到微信或 QQ 交易").waitFor();
    await banner.getByText("涉及站外付款").waitFor();
    await banner.getByText("消息中有外部链接").waitFor();
    const received = buyerPage.locator(".chat_bubble:not(.chat_bubble--mine)", { hasText: "t.cn/A6abcd" });
    expect(await received.locator("a").count()).toBe(0);

    await sendChatMessage(sellerPage, "周六下午地铁站当面交易可以吗");
    const plain = buyerPage.locator(".chat_bubble:not(.chat_bubble--mine)", { hasText: "当面交易" });
    await plain.waitFor();
    expect(await plain.getByRole("note").count()).toBe(0);
  });

  it("marks a message that is never acknowledged failed, and 重发 sends it", async () => {
    const { buyer, chatPath } = await buyerAndSellerChat(running.server);
    const page = await newPage(running.browser);
    const sockets = await routeChatSockets(page);
    // The page's clock runs as usual until the test moves it on past the waits for the acks.
    await page.clock.install();
    await signInAs(page, running.server.url, buyer.username, buyer.password);
    await page.goto(`${running.server.url}${chatPath}`);
    await sendChatMessage(page, "先打个招呼");
    const [socket] = sockets;
    if (socket) socket.droppingSends = true;

    await page.getByLabel("输入消息").fill("这条发不出去");
    await page.getByLabel("输入消息").press("Enter");
    const pending = page.locator(".chat_bubble--pending", { hasText: "这条发不出去" });
    await pending.getByText("发送中…").waitFor();
    // Three attempts, five seconds each, then the user is told and may send it again.
    await page.clock.runFor(14_000);
    expect(await pending.getByText("发送中…").count()).toBe(1);
    await page.clock.runFor(1_000);
    await pending.getByText("发送超时，请重发").waitFor();
    if (socket) socket.droppingSends = false;
    await pending.getByRole("button", { name: "重发" }).click();
    await page
      .locator(".chat_bubble--mine:not(.chat_bubble--pending)", { hasText: "这条发不出去" })
      .getByText("未读")
      .waitFor();
    await expect.poll(() => page.locator(".chat_bubble", { hasText: "这条发不出去" }).count()).toBe(1);
  });

  it("sends a picture in the chat, which opens large when the peer clicks it", async () => {
    const { buyer, seller, chatPath } = await buyerAndSellerChat(running.server);
    const [buyerPage, sellerPage] = await Promise.all([
      pageOf(running.browser, running.server, buyer, chatPath),
      pageOf(running.browser, running.server, seller, chatPath),
    ]);
    await sellerPage.getByLabel("输入消息").waitFor();
    const chooser = buyerPage.waitForEvent("filechooser");
    await buyerPage.getByLabel("发送图片").click();
    await (await chooser).setFiles({ name: "lens.jpg", mimeType: "image/jpeg", buffer: await photo("#2f6f4f") });
    await buyerPage.locator(".chat_bubble--mine img[alt='图片消息']").waitFor();

    const picture = sellerPage.locator(".chat_bubble:not(.chat_bubble--mine) img[alt='图片消息']");
    await picture.click();
    await sellerPage.locator(".ant-image-preview img").waitFor();
    await sellerPage.keyboard.press("Escape");
  });

  it("tells the seller of a new message on any screen, and opens the chat from there", async () => {
    const { buyer, seller, chatPath } = await buyerAndSellerChat(running.server);
    const [buyerPage, sellerPage] = await Promise.all([
      pageOf(running.browser, running.server, buyer, chatPath),
      pageOf(running.browser, running.server, seller, "/"),
    ]);
    await sellerPage.locator(".feed_goods-card").first().waitFor();
    await sendChatMessage(buyerPage, "还能再便宜点吗");

    const notice = sellerPage.locator(".message-notification", { hasText: "还能再便宜点吗" });
    await expect.poll(() => notice.locator(".ant-notification-notice-title").textContent()).toBe("爱丽丝 发来新消息");
    await notice.click();
    await sellerPage.waitForURL(/\/chat\?chatId=\d+/);
    await sellerPage.locator(".chat_bubble", { hasText: "还能再便宜点吗" }).waitFor();
    await notice.waitFor({ state: "detached" });
  });
});

describe("the chat on a phone (360 px)", () => {
  it("keeps the conversation header on one line with 已售出, and every control at least 44 px", async () => {
    const { buyer, seller, goods, chatPath } = await buyerAndSellerChat(running.server);
    await setGoodsStatus(running.server, seller, goods.id, "sold");
    const page = await newPage(running.browser, { width: 360, height: 740 });
    await signInAs(page, running.server.url, buyer.username, buyer.password);
    await page.goto(`${running.server.url}${chatPath}`);
    const tag = page.locator(".chat_conversation__goods-status", { hasText: "已售出" });
    await tag.waitFor();
    const [tagBox, headerBox] = await Promise.all([
      tag.boundingBox(),
      page.locator(".chat_conversation__header").boundingBox(),
    ]);
    // One line: wider than tall, and the header no taller than its avatar row.
    expect(tagBox && tagBox.width > tagBox.height * 2).toBe(true);
    expect(headerBox && headerBox.height <= 60).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const smallControls = await page.evaluate(() =>
      [...document.querySelectorAll(".chat_chat-page button, .chat_chat-page a, .chat_chat-page textarea")]
        .filter((control) => {
          const box = control.getBoundingClientRect();
          return box.width > 0 && (box.width < 44 || box.height < 44);
        })
        .map((control) => control.getAttribute("aria-label") ?? control.textContent),
    );
    expect(smallControls).toEqual([]);
  });
});

describe("a session ended while the chat is open", () => {
  /** A new user on a chat of theirs, whose socket is surely open (a message went through it). */
  async function userInChat() {
    const { seller, chatPath } = await buyerAndSellerChat(running.server);
    const page = await newPage(running.browser);
    const token = await signInAs(page, running.server.url, seller.username, seller.password);
    await page.goto(`${running.server.url}${chatPath}`);
    await sendChatMessage(page, "你好");
    return { user: seller, page, token };
  }

  async function expectSignedOutOnLogin(page: Page) {
    await page.getByText("登录已失效，请重新登录").first().waitFor();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
    await page.getByLabel("用户名", { exact: true }).waitFor();
  }

  it("signs out and opens the login page when the session is logged out elsewhere", async () => {
    const { page, token } = await userInChat();
    const reply = await call(running.server.app, "POST", "/api/user/logout", { token });
    expect(reply.code).toBe(200);
    await expectSignedOutOnLogin(page);
  });

  it("signs out when the password is changed in another session", async () => {
    const { user, page } = await userInChat();
    const reply = await call(running.server.app, "PUT", "/api/user/password", {
      token: user.token,
      body: { oldPassword: user.password, newPassword: "another789" },
    });
    expect(reply.code).toBe(200);
    await expectSignedOutOnLogin(page);
  });

  it("goes home once on a logout in this tab, without a second trip to the login page", async () => {
    const { user, page } = await userInChat();
    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.getByRole("button", { name: `${user.username}的菜单` }).click();
    await page.getByRole("menuitem", { name: "退出登录" }).click();
    await page.waitForURL(`${running.server.url}/`);
    // Longer than a 401's redirect to the login page (1.5 s): none comes.
    await page.waitForTimeout(2500);
    expect(visited).not.toContain("/login");
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.getByText("登录已失效，请重新登录").count()).toBe(0);
  });
});
