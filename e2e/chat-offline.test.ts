import type { BrowserContext, Page, WebSocketRoute } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTEXT_DEFAULTS, sendChatMessage, signInAs } from "./browser.js";
import { type Account, buyerAndSellerChat, pageOf } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

const WAITING = "待发送 · 等待网络";
const OFFLINE_NOTICE = "网络已断开，消息会在联网后自动发出";

/** The copies of a message the server stored in the chat. */
async function storedCopies(chatId: string, content: string) {
  return running.server.app.db
    .selectFrom("messages")
    .select(["id", "clientMsgId"])
    .where("chatId", "=", Number(chatId))
    .where("content", "=", content)
    .execute();
}

/** The messages the page's outbox keeps in IndexedDB (any user's). */
function outboxRecords(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open("xianzhi-chat-outbox");
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains("messages")) return resolve(0);
          const count = db.transaction("messages").objectStore("messages").count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
        };
      }),
  );
}

/** The send frames with `content` that a page put on its chat socket(s), as their clientMsgIds. */
function sentFrames(page: Page, content: string): string[] {
  const sent: string[] = [];
  page.on("websocket", (socket) =>
    socket.on("framesent", ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { type?: string; content?: string; clientMsgId?: string };
      if (frame.type === "send" && frame.content === content && frame.clientMsgId) sent.push(frame.clientMsgId);
    }),
  );
  return sent;
}

/** `account`'s tab in `context` on the chat, its socket surely open: a greeting went through it. */
async function chatTab(context: BrowserContext, account: Account, chatPath: string, greeting: string) {
  const page = await context.newPage();
  await signInAs(page, running.server.url, account.username, account.password);
  await page.goto(`${running.server.url}${chatPath}`);
  await sendChatMessage(page, greeting);
  return page;
}

/** My message on the page, stored by the server (a read mark, no longer pending), shown once. */
async function expectSentOnce(page: Page, content: string) {
  await page
    .locator(".chat_bubble--mine:not(.chat_bubble--pending)", { hasText: content })
    .getByText(/已读|未读/)
    .waitFor();
  await expect.poll(() => page.locator(".chat_bubble", { hasText: content }).count()).toBe(1);
}

describe("a chat message written offline", () => {
  it("waits, is kept across a reload, and arrives once when the connection is back", async () => {
    const { buyer, seller, chatId, chatPath } = await buyerAndSellerChat(running.server);
    const context = await running.browser.newContext(CONTEXT_DEFAULTS);
    const page = await context.newPage();
    // The page's clock runs as usual until the test moves it on past the waits for acks.
    await page.clock.install();
    await signInAs(page, running.server.url, buyer.username, buyer.password);
    await page.goto(`${running.server.url}${chatPath}`);
    await sendChatMessage(page, "先打个招呼");

    // Chromium keeps an open WebSocket looking open when offline is emulated, passing nothing: the
    // app hears the browser go offline and lets it go.
    await context.setOffline(true);
    await page.getByText(OFFLINE_NOTICE).waitFor();
    const text = "离线时写的：明天下午可以看货吗";
    await page.getByLabel("输入消息").fill(text);
    await page.getByLabel("输入消息").press("Enter");
    const waiting = page.locator(".chat_bubble--pending", { hasText: text });
    await waiting.getByText(WAITING).waitFor();
    // Far past three attempts' waits for an ack: still waiting, not failed, nothing to 重发.
    await page.clock.runFor(60_000);
    expect(await waiting.getByText(WAITING).count()).toBe(1);
    expect(await waiting.getByRole("button", { name: "重发" }).count()).toBe(0);
    expect(await storedCopies(chatId, text)).toEqual([]);
    await expect.poll(() => outboxRecords(page)).toBe(1);

    // The tab goes while offline (closed, or reloaded: a new page of the same browser); the next
    // one opens once the network is back, and sends what waited, once.
    await page.close();
    await context.setOffline(false);
    const again = await context.newPage();
    const sent = sentFrames(again, text);
    await again.goto(`${running.server.url}${chatPath}`);
    await expectSentOnce(again, text);
    expect(sent).toHaveLength(1);
    await expect.poll(() => outboxRecords(again)).toBe(0);
    expect(await storedCopies(chatId, text)).toHaveLength(1);

    const sellerPage = await pageOf(running.browser, running.server, seller, chatPath);
    await sellerPage.locator(".chat_bubble:not(.chat_bubble--mine)", { hasText: text }).waitFor();
    expect(await sellerPage.locator(".chat_bubble", { hasText: text }).count()).toBe(1);
    await context.close();
  });

  it("shows again after a reload while still offline, and goes once the network is back", async () => {
    const { buyer, chatId, chatPath } = await buyerAndSellerChat(running.server);
    // The app's service worker opens the shell offline, and the chat as last read, once it
    // controls the page (and has kept the chat's answers).
    const context = await running.browser.newContext({ ...CONTEXT_DEFAULTS, serviceWorkers: "allow" });
    const page = await chatTab(context, buyer, chatPath, "你好");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.locator(".chat_bubble", { hasText: "你好" }).waitFor();

    await context.setOffline(true);
    await page.getByText(OFFLINE_NOTICE).waitFor();
    const text = "断网重开后还在吗";
    await page.getByLabel("输入消息").fill(text);
    await page.getByLabel("输入消息").press("Enter");
    await page.locator(".chat_bubble--pending", { hasText: text }).getByText(WAITING).waitFor();

    await page.reload();
    await page.getByText(OFFLINE_NOTICE).waitFor();
    await page.locator(".chat_bubble--pending", { hasText: text }).getByText(WAITING).waitFor();
    expect(await storedCopies(chatId, text)).toEqual([]);

    const sent = sentFrames(page, text);
    await context.setOffline(false);
    await expectSentOnce(page, text);
    expect(sent).toHaveLength(1);
    expect(await storedCopies(chatId, text)).toHaveLength(1);
    await expect.poll(() => outboxRecords(page)).toBe(0);
    await context.close();
  });

  it("is forgotten at sign-out: the next account on the browser neither sees nor sends it", async () => {
    const { buyer, seller, chatId, chatPath } = await buyerAndSellerChat(running.server);
    const context = await running.browser.newContext(CONTEXT_DEFAULTS);
    const page = await chatTab(context, buyer, chatPath, "在吗");
    await context.setOffline(true);
    await page.getByText(OFFLINE_NOTICE).waitFor();
    const text = "写了但没发出去就退出了";
    await page.getByLabel("输入消息").fill(text);
    await page.getByLabel("输入消息").press("Enter");
    await page.locator(".chat_bubble--pending", { hasText: text }).getByText(WAITING).waitFor();
    await expect.poll(() => outboxRecords(page)).toBe(1);

    await page.getByRole("button", { name: /的菜单$/ }).click();
    await page.getByRole("menuitem", { name: "退出登录" }).click();
    await expect.poll(() => outboxRecords(page), { timeout: 15_000 }).toBe(0);

    await context.setOffline(false);
    const sellerTab = await chatTab(context, seller, chatPath, "我是卖家");
    expect(await sellerTab.locator(".chat_bubble", { hasText: text }).count()).toBe(0);
    await sellerTab.reload();
    await sellerTab.locator(".chat_bubble", { hasText: "我是卖家" }).waitFor();
    expect(await sellerTab.locator(".chat_bubble", { hasText: text }).count()).toBe(0);
    expect(await storedCopies(chatId, text)).toEqual([]);
    await context.close();
  });

  it("is stored once when two tabs of the user both send it after the connection is back", async () => {
    const { buyer, seller, chatId, chatPath } = await buyerAndSellerChat(running.server);
    const context = await running.browser.newContext(CONTEXT_DEFAULTS);
    // The first tab's socket passes through the test, which holds what the server answers it
    // while `holding`: its ack late, the message stays in the outbox the tabs share, and the
    // second tab sends it too.
    const text = "两个标签页都开着时离线写的";
    const first = await context.newPage();
    const held: { route: WebSocketRoute; frame: string | Buffer }[] = [];
    const firstSent: string[] = [];
    let holding = false;
    await first.routeWebSocket(/\/api\/ws/, (route) => {
      const server = route.connectToServer();
      server.onMessage((frame) => (holding ? held.push({ route, frame }) : route.send(frame)));
      route.onMessage((frame) => {
        const parsed = JSON.parse(String(frame)) as { type?: string; content?: string; clientMsgId?: string };
        if (parsed.type === "send" && parsed.content === text && parsed.clientMsgId) firstSent.push(parsed.clientMsgId);
        server.send(frame);
      });
    });
    await signInAs(first, running.server.url, buyer.username, buyer.password);
    await first.goto(`${running.server.url}${chatPath}`);
    await sendChatMessage(first, "第一个标签页");
    const second = await chatTab(context, buyer, chatPath, "第二个标签页");

    await context.setOffline(true);
    await Promise.all([first.getByText(OFFLINE_NOTICE).waitFor(), second.getByText(OFFLINE_NOTICE).waitFor()]);
    await first.getByLabel("输入消息").fill(text);
    await first.getByLabel("输入消息").press("Enter");
    await first.locator(".chat_bubble--pending", { hasText: text }).getByText(WAITING).waitFor();
    expect(firstSent).toEqual([]);

    holding = true;
    const secondSent = sentFrames(second, text);
    await context.setOffline(false);
    // The second tab found it in the outbox and sent it, under the first tab's clientMsgId.
    await expectSentOnce(second, text);
    await expect.poll(() => firstSent.length).toBeGreaterThan(0);
    expect(secondSent).toHaveLength(1);
    expect(new Set([...firstSent, ...secondSent]).size).toBe(1);

    // The first tab hears the server's answers now: its ack names the message already stored.
    holding = false;
    for (const { route, frame } of held.splice(0)) route.send(frame);
    await expectSentOnce(first, text);
    const copies = await storedCopies(chatId, text);
    expect(copies).toHaveLength(1);
    expect(copies[0]?.clientMsgId).toBe(secondSent[0]);
    await expect.poll(() => outboxRecords(first)).toBe(0);

    const sellerPage = await pageOf(running.browser, running.server, seller, chatPath);
    await sellerPage.locator(".chat_bubble:not(.chat_bubble--mine)", { hasText: text }).waitFor();
    expect(await sellerPage.locator(".chat_bubble", { hasText: text }).count()).toBe(1);
    await context.close();
  });
});
