/**
 * The state a journey starts from, made through the API so that each test stands alone: users,
 * goods, chats. Demo users alice, bob and carol share one password.
 */
import type { Browser, Page } from "playwright-core";
import type { Db } from "../server/src/db/database.js";
import { registerUser } from "../server/src/test-support/accounts.js";
import { postGoods, testJpeg, uploadFileId } from "../server/src/test-support/goods.js";
import { call } from "../server/src/test-support/test-app.js";
import { BROWSER_USER_AGENT, CONTEXT_DEFAULTS, signInAs } from "./browser.js";
import type { RunningServer } from "./server.js";

export const DEMO_PASSWORD = "xianzhi123";

export interface Account {
  id: string;
  username: string;
  password: string;
  token: string;
}

/** A new browser context at desktop width (or `viewport`), closed with the browser. */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ ...CONTEXT_DEFAULTS, viewport });
  return context.newPage();
}

/** A session of a demo user (alice, bob, carol), opened through the API. */
export async function demoUser(server: RunningServer, username: string): Promise<Account> {
  const reply = await call(server.app, "POST", "/api/user/login/username", {
    body: { username, password: DEMO_PASSWORD },
  });
  if (reply.code !== 200) throw new Error(`sign-in as ${username} failed: ${reply.msg}`);
  return { id: reply.data.userInfo.id, username, password: DEMO_PASSWORD, token: reply.data.token };
}

/** A user registered for this test alone (their nickname is their username). */
export async function newUser(server: RunningServer, password = "secret123"): Promise<Account> {
  const user = await registerUser(server.app, server.dataDir, { password }, { userAgent: BROWSER_USER_AGENT });
  return { id: user.id, username: user.username, password, token: user.token };
}

/** The three people of a trade the platform steps into: a buyer, a seller and a moderator. */
export async function buyerSellerModerator(server: RunningServer): Promise<[Account, Account, Account]> {
  const [buyer, seller, moderator] = await Promise.all([newUser(server), newUser(server), newUser(server)]);
  await server.app.db.updateTable("users").set({ role: "moderator" }).where("id", "=", Number(moderator.id)).execute();
  return [buyer, seller, moderator];
}

/** A page signed in as `account`, showing `path`. */
export async function pageOf(browser: Browser, server: RunningServer, account: Account, path = "/"): Promise<Page> {
  const page = await newPage(browser);
  await signInAs(page, server.url, account.username, account.password);
  await page.goto(`${server.url}${path}`);
  // A goods screen comes drawn by the server as a visitor sees it; what the user does starts once
  // the app has drawn their own (their menu in the header), not on the server's markup it replaces.
  await page.locator("[aria-haspopup=menu]").first().waitFor({ state: "attached" });
  return page;
}

/** Goods on sale, with one picture, posted by `seller`. */
export async function goodsOf(server: RunningServer, seller: Account, fields: Record<string, unknown> = {}) {
  const fileId = await uploadFileId(server.app, seller.token, await testJpeg(900, 700, "#3a6ea5"));
  return postGoods(server.app, seller.token, { fileIds: [fileId], ...fields });
}

export async function setGoodsStatus(server: RunningServer, seller: Account, goodsId: string, status: string) {
  const reply = await call(server.app, "PUT", `/api/goods/${goodsId}/status`, {
    token: seller.token,
    body: { status },
  });
  if (reply.code !== 200) throw new Error(`setting the status failed: ${reply.msg}`);
}

/** The chat of `buyer` with the seller about goods (opened, as 聊一聊 does); its chat id. */
export async function chatAbout(server: RunningServer, buyer: Account, seller: Account, goodsId: string) {
  const reply = await call(server.app, "POST", "/api/mychatlist/create", {
    token: buyer.token,
    body: { peerId: seller.id, goodsId },
  });
  if (reply.code !== 200) throw new Error(`opening the chat failed: ${reply.msg}`);
  return reply.data.chatId as string;
}

/** A buyer (alice) and a new seller with goods of theirs, and the chat between them about it. */
export async function buyerAndSellerChat(server: RunningServer, title = "九成新二手相机 带镜头") {
  const [buyer, seller] = await Promise.all([demoUser(server, "alice"), newUser(server)]);
  const goods = await goodsOf(server, seller, { title, category: "digital", priceCents: 188_800 });
  const chatId = await chatAbout(server, buyer, seller, goods.id);
  return { buyer, seller, goods, chatId, chatPath: `/chat?chatId=${chatId}` };
}

/** The answer of the newest captcha (the one the page shows): only a test can read it, from the database. */
export async function newestCaptchaAnswer(db: Db): Promise<string> {
  const row = await db
    .selectFrom("captchas")
    .select("answer")
    .orderBy("expiresAt", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.answer;
}

/**
 * Answers 验证身份, the proof the server asks for before money or identity changes hands (the
 * password, or a two-step code), and waits until the dialog has gone.
 */
export async function proveIdentity(page: Page, proof: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "验证身份" });
  await dialog.locator("input").fill(proof);
  await dialog.getByRole("button", { name: /^确\s*认$/ }).click();
  await dialog.waitFor({ state: "detached" });
}
