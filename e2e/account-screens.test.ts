import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readOutboxCode, registerUser } from "../server/src/test-support/accounts.js";
import { call } from "../server/src/test-support/test-app.js";
import { CONTEXT_DEFAULTS, signInAs } from "./browser.js";
import { newestCaptchaAnswer } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

// Issue 27: what people met on a phone, at 360 × 740.
const PHONE = { width: 360, height: 740 };

const running = useServerAndBrowser(beforeAll, afterAll);
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await running.browser.newContext({ ...CONTEXT_DEFAULTS, viewport: PHONE });
  page = await context.newPage();
});
afterEach(() => context.close());

const url = (path: string) => `${running.server.url}${path}`;

describe("registration on a phone", () => {
  it("asks for the password once, with an eye to see it, and shows the captcha beside its field", async () => {
    await page.goto(url("/reg"));
    const password = page.getByLabel("密码", { exact: true });
    await password.waitFor();
    expect(await page.locator("input[type=password]").count()).toBe(1);
    expect(await page.getByLabel("确认密码").count()).toBe(0);

    await password.fill("secret123");
    const eye = page.getByRole("button", { name: "显示密码" });
    expect(await eye.getAttribute("aria-pressed")).toBe("false");
    await eye.click();
    expect(await password.getAttribute("type")).toBe("text");
    expect(await eye.getAttribute("aria-pressed")).toBe("true");
    await eye.click();
    expect(await password.getAttribute("type")).toBe("password");
    const eyeBox = await eye.boundingBox();
    expect(Math.min(eyeBox?.width ?? 0, eyeBox?.height ?? 0)).toBeGreaterThanOrEqual(40);

    // The picture on the same row as the field it is typed into, right of it, both on the screen.
    await page.locator(".accounts_captcha-image img").waitFor();
    const field = await page.getByLabel("图形验证码", { exact: true }).boundingBox();
    const picture = await page.locator(".accounts_captcha-image img").boundingBox();
    if (!field || !picture) throw new Error("no captcha field or picture");
    expect(picture.x).toBeGreaterThanOrEqual(field.x + field.width - 1);
    expect(picture.x + picture.width).toBeLessThanOrEqual(PHONE.width);
    expect(Math.abs(picture.y + picture.height / 2 - (field.y + field.height / 2))).toBeLessThan(4);
    // Big enough to read: drawn at least as large as its own size in the SVG.
    expect(picture.height).toBeGreaterThanOrEqual(48);

    // The whole form on one screen, up to its 注册 button, which the tab bar does not cover.
    const submit = page.getByRole("button", { name: /注\s*册/ });
    const box = await submit.boundingBox();
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    const uncovered = await submit.evaluate((button) => {
      const { left, top, width, height } = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(left + width / 2, top + height - 2));
    });
    expect(uncovered).toBe(true);
  });

  it("registers with the one password field, the new captcha and the e-mail code", async () => {
    const user = { username: "phone_reg", email: "phone_reg@example.com", password: "firstpass1" };
    await page.goto(url("/reg"));
    await page.getByLabel("用户名", { exact: true }).fill(user.username);
    await page.getByLabel("密码", { exact: true }).fill(user.password);
    await page.getByLabel("邮箱", { exact: true }).fill(user.email);
    await page.locator(".accounts_captcha-image img").waitFor();
    // Typed in capitals: the case does not count.
    await page
      .getByLabel("图形验证码", { exact: true })
      .fill((await newestCaptchaAnswer(running.server.app.db)).toUpperCase());
    await page.getByRole("button", { name: "获取验证码" }).click();
    await page.getByText("验证码已发送（如该邮箱可用），请查收邮件").waitFor();
    await page.getByLabel("邮箱验证码", { exact: true }).fill(await readOutboxCode(running.server.dataDir, user.email));
    await page.getByRole("button", { name: /注\s*册/ }).click();
    await page.waitForURL(url("/"));
    const login = await call(running.server.app, "POST", "/api/user/login/username", {
      body: { username: user.username, password: user.password },
    });
    expect(login.code).toBe(200);
  });
});

describe("a session ended elsewhere", () => {
  async function signInOnLoginPage(username: string, password: string) {
    await page.getByLabel("用户名", { exact: true }).fill(username);
    await page.getByLabel("密码", { exact: true }).fill(password);
    await page.getByRole("button", { name: /^登\s*录$/ }).click();
  }

  it("says why at a tap on 收藏, and brings the user back to the goods page after signing in", async () => {
    const user = await registerUser(running.server.app, running.server.dataDir);
    const token = await signInAs(page, running.server.url, user.username, user.password);
    // The phone slept: its chat socket hears nothing of the session's end, the tap is what finds out.
    await page.routeWebSocket(/\/api\/ws/, () => {});
    const goodsPath = `/goodsinfo/${running.goodsId}`;
    await page.goto(url(goodsPath));
    const favorite = page.getByRole("button", { name: "收藏", exact: true });
    await favorite.waitFor();
    expect((await call(running.server.app, "POST", "/api/user/logout", { token })).code).toBe(200);

    await favorite.click();
    await page.getByText("登录已失效，请重新登录").first().waitFor();
    await page.waitForURL(/\/login$/);
    // Said on the login page too, for whoever missed the toast.
    await page.locator(".accounts_auth-card").getByText("登录已失效，请重新登录").waitFor();
    await signInOnLoginPage(user.username, user.password);
    await page.waitForURL(url(goodsPath));
    await page.getByRole("button", { name: "收藏", exact: true }).click();
    await page.getByRole("button", { name: "已收藏", exact: true }).waitFor();
  });

  it("says why on the login page when the goods page had dropped the token by itself", async () => {
    const user = await registerUser(running.server.app, running.server.dataDir);
    const token = await signInAs(page, running.server.url, user.username, user.password);
    expect((await call(running.server.app, "POST", "/api/user/logout", { token })).code).toBe(200);
    // Opened after the session ended: the page drops the token quietly and shows itself signed out.
    const goodsPath = `/goodsinfo/${running.goodsId}`;
    await page.goto(url(goodsPath));
    await expect.poll(() => page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();

    await page.getByRole("button", { name: "收藏", exact: true }).click();
    await page.waitForURL(/\/login$/);
    await page.locator(".accounts_auth-card").getByText("登录已失效，请重新登录").waitFor();
    await signInOnLoginPage(user.username, user.password);
    await page.waitForURL(url(goodsPath));
  });
});
