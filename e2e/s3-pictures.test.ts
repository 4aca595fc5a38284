import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../server/src/test-support/accounts.js";
import { type S3Server, s3Server } from "../server/src/test-support/s3-server.js";
import { CONTEXT_DEFAULTS, launchBrowser, signInAs, VIEWPORTS } from "./browser.js";
import { type RunningServer, startServer } from "./server.js";

// The app with its pictures in a bucket of a real S3-compatible server: the browser loads them
// from the bucket's own address, which the page's Content-Security-Policy has to allow.
let bucket: S3Server;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  bucket = await s3Server();
  [server, browser] = await Promise.all([startServer(undefined, bucket.env), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await bucket?.close();
});

/** A page that records what the Content-Security-Policy blocked. */
async function watchedPage(): Promise<{ page: Page; blocked: string[] }> {
  const context = await browser.newContext({ ...CONTEXT_DEFAULTS, viewport: VIEWPORTS.phone });
  const page = await context.newPage();
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) blocked.push(message.text());
  });
  return { page, blocked };
}

/** Whether the image has been loaded and drawn: a blocked or missing one has no width. */
const drawn = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

describe("pictures in a bucket", () => {
  it("show on the goods page, loaded from the bucket, nothing blocked", async () => {
    const { page, blocked } = await watchedPage();
    const list = await (await fetch(`${server.url}/api/goods/getlist?pageSize=1`)).json();
    await page.goto(`${server.url}/goodsinfo/${list.data.list[0].id}`);
    const fromBucket = `img[src^="${bucket.publicUrl}/"]`;
    await page.locator(fromBucket).first().waitFor();
    await expect.poll(() => drawn(page, fromBucket), { timeout: 10_000 }).toBe(true);
    expect(blocked).toEqual([]);
    await page.context().close();
  });

  it("as an avatar: saved as soon as picked, and shown again after leaving the page", async () => {
    const { page, blocked } = await watchedPage();
    const user = await registerUser(server.app, server.dataDir);
    await signInAs(page, server.url, user.username, user.password);
    await page.goto(`${server.url}/userinfo`);
    await page.getByRole("tab", { name: "个人资料" }).click();
    await page.getByText("选好图片即保存").waitFor();
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#a53a6e" } })
      .png()
      .toBuffer();
    await page.locator("input[type=file]").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
    await page.getByText("头像已更新").waitFor();

    await page.goto(`${server.url}/`);
    await page.goto(`${server.url}/userinfo`);
    const header = ".userinfo_userinfo__identity img";
    await expect.poll(() => page.locator(header).getAttribute("src"), { timeout: 10_000 }).toMatch(/^\/files\//);
    // /files/ leads the browser to the bucket.
    await expect.poll(() => drawn(page, header), { timeout: 10_000 }).toBe(true);
    expect(blocked).toEqual([]);
    await page.context().close();
  });
});
