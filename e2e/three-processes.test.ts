import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutboxCode } from "../server/src/test-support/accounts.js";
import { type S3Server, s3Server } from "../server/src/test-support/s3-server.js";
import {
  createServerData,
  type ServerData,
  type ServerProcess,
  startServer,
  stopServer,
} from "../server/src/test-support/server-process.js";
import { launchBrowser, sendChatMessage } from "./browser.js";
import { newestCaptchaAnswer, newPage } from "./fixtures.js";

/**
 * Three server processes on one PostgreSQL schema and one Redis, as behind a load balancer: each
 * person's steps go to a different one, and nothing may be missing on any of them. Needs
 * TEST_DATABASE_URL and TEST_REDIS_URL; skipped without them, except under CI=true, where
 * vitest.config.ts refuses to run without them.
 */
const configured = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../web/dist");

/**
 * Where the processes keep pictures, the one place this test names it: one S3-compatible server
 * for all three, as machines of their own would. DATA_DIR stays shared only for the e-mail outbox
 * the test reads codes from (a real deployment sends those by SMTP).
 */
function pictureStorage(data: ServerData, store: S3Server): Record<string, string> {
  return { DATA_DIR: data.dataDir, ...store.env };
}

let store: S3Server;
let data: ServerData;
let processes: ServerProcess[] = [];
let browser: Browser;

beforeAll(async () => {
  if (!configured) return;
  [data, store] = await Promise.all([createServerData("postgres"), s3Server()]);
  const env = {
    ...data.env,
    ...pictureStorage(data, store),
    REDIS_URL: process.env.TEST_REDIS_URL as string,
    REDIS_CHANNEL: `xianzhi:test:${randomBytes(4).toString("hex")}`,
    WEB_DIST: webDist,
    RATE_LIMIT_MULTIPLIER: "100",
  };
  [processes, browser] = await Promise.all([Promise.all([1, 2, 3].map(() => startServer(env))), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(processes.map((server) => stopServer(server)));
  await data?.remove();
  await store?.close();
});

const at = (server: ServerProcess | undefined, route: string) => `${server?.url}${route}`;

/**
 * Opens an address on a signed-in page. A goods screen comes drawn by the server as a visitor sees
 * it: what the user does starts once the app has drawn their own (their menu in the header).
 */
async function visit(page: Page, server: ServerProcess | undefined, route: string): Promise<void> {
  await page.goto(at(server, route));
  await page.locator("[aria-haspopup=menu]").first().waitFor({ state: "attached" });
}

/** Registers through the form (captcha, e-mail code from the outbox) on `server`; the page ends signed in. */
async function registerOn(server: ServerProcess | undefined, username: string, password: string): Promise<Page> {
  const page = await newPage(browser);
  const email = `${username}@example.com`;
  await page.goto(at(server, "/reg"));
  await page.getByLabel("用户名", { exact: true }).fill(username);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByLabel("邮箱", { exact: true }).fill(email);
  await page.locator(".accounts_captcha-image img").waitFor();
  await page.getByLabel("图形验证码", { exact: true }).fill(await newestCaptchaAnswer(data.db));
  await page.getByRole("button", { name: "获取验证码" }).click();
  await page.getByText("验证码已发送（如该邮箱可用），请查收邮件").waitFor();
  await page.getByLabel("邮箱验证码", { exact: true }).fill(await readOutboxCode(data.dataDir, email));
  await page.getByRole("button", { name: /注\s*册/ }).click();
  await page.waitForURL(at(server, "/"));
  await page.getByRole("button", { name: `${username}的菜单` }).waitFor();
  return page;
}

async function signInOn(server: ServerProcess | undefined, username: string, password: string): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(at(server, "/login"));
  await page.getByLabel("用户名", { exact: true }).fill(username);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByRole("button", { name: /^登\s*录$/ }).click();
  await page.waitForURL(at(server, "/"));
  await page.getByRole("button", { name: `${username}的菜单` }).waitFor();
  return page;
}

async function postGoodsWithPicture(page: Page, title: string): Promise<string> {
  await page.goto(new URL("/post", page.url()).href);
  const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#3a6ea5" } })
    .jpeg()
    .toBuffer();
  await page.locator("input[type=file]").setInputFiles([{ name: "front.jpg", mimeType: "image/jpeg", buffer: photo }]);
  await page.locator(".pictures_picture-uploader__item img").waitFor();
  await page.getByLabel("标题").fill(title);
  await page.getByLabel("描述").fill("三个进程之间的测试闲置，成色很新");
  await page.getByLabel("价格（元）").fill("1888");
  await page.getByLabel("分类").click();
  await page.getByTitle("数码影音").click();
  await page.getByRole("button", { name: /^发\s*布$/ }).click();
  await page.waitForURL(/\/goodsinfo\/\d+$/);
  await page.getByRole("heading", { name: title }).waitFor();
  return page.url().split("/").pop() as string;
}

/** How often each text shows as a chat bubble on the page. */
const bubbleCounts = (page: Page, texts: string[]) =>
  Promise.all(texts.map((text) => page.locator(".chat_bubble", { hasText: text }).count()));

/** The goods page's picture has loaded, from the one store behind every process. */
async function pictureShown(page: Page): Promise<boolean> {
  const image = page.locator(".goods-gallery_goods-gallery__slide img").first();
  await image.waitFor();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  return image.evaluate((img: HTMLImageElement) => img.naturalWidth > 0);
}

describe.skipIf(!configured)("three server processes on one PostgreSQL and one Redis", () => {
  it("lose nothing of a journey spread across them: register, post, search, chat, favourite", async () => {
    const [first, second, third] = processes;
    const suffix = randomBytes(3).toString("hex");
    const seller = { username: `seller_${suffix}`, password: "firstpass1" };
    const title = `三进程相机 ${suffix}`;

    const sellerOnFirst = await registerOn(first, seller.username, seller.password);
    const sellerOnSecond = await signInOn(second, seller.username, seller.password);
    const goodsId = await postGoodsWithPicture(sellerOnSecond, title);

    const buyer = await registerOn(third, `buyer_${suffix}`, "buyerpass1");
    await buyer.getByLabel("搜索闲置").fill("三进程相机");
    await buyer.getByLabel("搜索闲置").press("Enter");
    await buyer.waitForURL(/\/search_result\?keyword=/);
    await buyer.getByText(title).click();
    await buyer.waitForURL(at(third, `/goodsinfo/${goodsId}`));
    expect(await pictureShown(buyer)).toBe(true);
    await buyer.getByRole("button", { name: "聊一聊" }).click();
    await buyer.waitForURL(/\/chat\?chatId=\d+/);
    const chatPath = new URL(buyer.url()).pathname + new URL(buyer.url()).search;

    // The seller has the conversation open on the first and the second process.
    for (const [page, server] of [
      [sellerOnFirst, first],
      [sellerOnSecond, second],
    ] as const) {
      await visit(page, server, chatPath);
      await page.getByLabel("输入消息").waitFor();
    }
    await sendChatMessage(buyer, "还在吗？");
    await sellerOnFirst.locator(".chat_bubble", { hasText: "还在吗？" }).waitFor();
    await sellerOnSecond.locator(".chat_bubble", { hasText: "还在吗？" }).waitFor();
    await sendChatMessage(sellerOnFirst, "在的，可以小刀");
    await buyer.locator(".chat_bubble", { hasText: "在的，可以小刀" }).waitFor();
    await sellerOnSecond.locator(".chat_bubble", { hasText: "在的，可以小刀" }).waitFor();
    const texts = ["还在吗？", "在的，可以小刀"];
    for (const page of [buyer, sellerOnFirst, sellerOnSecond]) expect(await bubbleCounts(page, texts)).toEqual([1, 1]);

    // The button knows whether the goods are a favourite already before it is pressed.
    const favoriteKnown = buyer.waitForResponse((response) => response.url().includes(`/api/fav/exists/${goodsId}`));
    await visit(buyer, third, `/goodsinfo/${goodsId}`);
    await favoriteKnown;
    await buyer.getByRole("button", { name: "收藏", exact: true }).click();
    await buyer.getByRole("button", { name: "已收藏", exact: true }).waitFor();
    // The seller's open pages on the other two processes hear of it without a reload.
    for (const page of [sellerOnFirst, sellerOnSecond]) {
      await page.getByRole("banner").getByRole("link", { name: "通知，1 条未读", exact: true }).waitFor();
    }
    await sellerOnFirst.getByRole("banner").getByRole("link", { name: "通知，1 条未读", exact: true }).click();
    await sellerOnFirst.getByRole("listitem").filter({ hasText: "收藏了你的闲置" }).waitFor();
    expect(await sellerOnFirst.getByRole("listitem").filter({ hasText: "收藏了你的闲置" }).count()).toBe(1);

    // The picture, uploaded through the second process, shows on each one's pages, from the bucket.
    await visit(sellerOnFirst, first, `/goodsinfo/${goodsId}`);
    await visit(sellerOnSecond, second, `/goodsinfo/${goodsId}`);
    for (const page of [sellerOnFirst, sellerOnSecond, buyer]) {
      expect(await pictureShown(page)).toBe(true);
      const source = await page.locator(".goods-gallery_goods-gallery__slide img").first().getAttribute("src");
      expect(source?.startsWith(store.publicUrl)).toBe(true);
    }
  });
});
