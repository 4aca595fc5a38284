import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registerUser } from "../server/src/test-support/accounts.js";
import { CONTEXT_DEFAULTS, signInAs, VIEWPORTS } from "./browser.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await running.browser.newContext({ ...CONTEXT_DEFAULTS, viewport: VIEWPORTS.phone });
  page = await context.newPage();
});
afterEach(() => context.close());

const url = (path: string) => `${running.server.url}${path}`;

/** The picture the captcha shows, as its data address: it changes when a new captcha is drawn. */
const captchaPicture = (page: Page) => page.locator(".accounts_captcha-image img").getAttribute("src");

describe("the captcha", () => {
  it("says why a wrong answer was refused, next to the field, and shows a new picture", async () => {
    await page.goto(url("/reg"));
    await page.getByLabel("邮箱", { exact: true }).fill("someone@example.com");
    await page.locator(".accounts_captcha-image img").waitFor();
    const before = await captchaPicture(page);
    await page.getByLabel("图形验证码", { exact: true }).fill("zzzz");
    await page.getByRole("button", { name: "获取验证码" }).click();

    const field = page.locator(".ant-form-item", { has: page.getByLabel("图形验证码", { exact: true }) });
    await field.getByText("验证码不正确，已换一张新的").waitFor();
    await expect.poll(() => captchaPicture(page), { timeout: 10_000 }).not.toBe(before);
    expect(await page.getByLabel("图形验证码", { exact: true }).inputValue()).toBe("");
  });
});

describe("the personal centre on a phone", () => {
  it("shows every one of its tabs without scrolling sideways, in full rows", async () => {
    const user = await registerUser(running.server.app, running.server.dataDir);
    await signInAs(page, running.server.url, user.username, user.password);
    await page.goto(url("/userinfo"));
    const tabs = page.getByRole("tablist", { name: "个人中心" }).getByRole("tab");
    await tabs.first().waitFor();
    const boxes = await Promise.all((await tabs.all()).map((tab) => tab.boundingBox()));
    expect(boxes).toHaveLength(9);
    for (const box of boxes) {
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    }
    const rowTops = boxes.map((box) => Math.round(box?.y ?? 0));
    expect([...new Set(rowTops)].map((top) => rowTops.filter((y) => y === top).length)).toEqual([3, 3, 3]);
  });
});

describe("the avatar", () => {
  it("is saved as soon as it is picked: it is still there after leaving the page", async () => {
    const user = await registerUser(running.server.app, running.server.dataDir);
    await signInAs(page, running.server.url, user.username, user.password);
    await page.goto(url("/userinfo"));
    await page.getByRole("tab", { name: "个人资料" }).click();
    await page.getByText("选好图片即保存").waitFor();
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#3a6ea5" } })
      .png()
      .toBuffer();
    await page.locator("input[type=file]").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
    await page.getByText("头像已更新").waitFor();

    await page.goto(url("/"));
    await page.goto(url("/userinfo"));
    const header = page.locator(".userinfo_userinfo__identity img");
    await expect.poll(() => header.getAttribute("src"), { timeout: 10_000 }).toMatch(/^\/files\/\w+-thumb\.webp$/);
  });
});

describe("a comment draft", () => {
  it("survives the trip to the login page and back", async () => {
    const user = await registerUser(running.server.app, running.server.dataDir);
    await page.goto(url(`/goodsinfo/${running.goodsId}`));
    await page.getByLabel("留言内容").fill("还能便宜点吗？明天能自提吗");
    await page.getByRole("button", { name: "登录后发表" }).click();
    await page.waitForURL(url("/login"));

    await page.getByRole("textbox", { name: "用户名" }).fill(user.username);
    await page.getByLabel("密码", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: /^登\s*录$/ }).click();
    await page.waitForURL(url(`/goodsinfo/${running.goodsId}`));
    await expect
      .poll(() => page.getByLabel("留言内容").inputValue(), { timeout: 10_000 })
      .toBe("还能便宜点吗？明天能自提吗");

    await page.getByRole("button", { name: "发表留言" }).click();
    await page.getByText("评论成功").waitFor();
    expect(await page.getByLabel("留言内容").inputValue()).toBe("");
    await page.reload();
    await page.locator(".comments_comments__content", { hasText: "还能便宜点吗？明天能自提吗" }).waitFor();
    expect(await page.getByLabel("留言内容").inputValue()).toBe("");
  });
});

describe("a stale token", () => {
  const storedToken = () => page.evaluate(() => localStorage.getItem("accessToken"));

  async function withStaleToken() {
    await page.goto(url("/login"));
    await page.evaluate(() => localStorage.setItem("accessToken", "no-longer-valid-token"));
  }

  it.each([
    ["the home page", () => "/"],
    ["a search", () => `/search_result?keyword=${encodeURIComponent("相机")}`],
    ["a goods page", () => `/goodsinfo/${running.goodsId}`],
  ])("does not send a visitor away from %s; the token is dropped", async (_name, path) => {
    await withStaleToken();
    await page.goto(url(path()));
    await expect.poll(storedToken, { timeout: 10_000 }).toBeNull();
    // Longer than the 1.5 s after which a 401 opens the login page.
    await page.waitForTimeout(2500);
    expect(page.url()).toBe(url(path()));
    expect(await page.getByText("登录已失效，请重新登录").count()).toBe(0);
    // Shown signed out: the header renders its sign-in links (hidden from sight on a phone, where
    // the tab bar's 我的 leads to them) and no user menu.
    await page.getByRole("navigation", { name: "登录与注册", includeHidden: true }).waitFor({ state: "attached" });
    expect(await page.locator("[aria-haspopup=menu]").count()).toBe(0);
  });

  it("still sends a guarded page to login", async () => {
    await withStaleToken();
    await page.goto(url("/userinfo"));
    await page.waitForURL(url("/login"), { timeout: 10_000 });
    expect(await storedToken()).toBeNull();
  });
});
