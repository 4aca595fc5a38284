import fs from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readOutboxCode, registerUser } from "../server/src/test-support/accounts.js";
import { CONTEXT_DEFAULTS, signInAs, VIEWPORTS, waitUntilSettled } from "./browser.js";
import { newestCaptchaAnswer } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

/** A new user signed in on a page of their own; returns the page and the token it holds. */
async function signedInPage(password = "secret123") {
  const user = await registerUser(running.server.app, running.server.dataDir, { password });
  const context = await running.browser.newContext({ ...CONTEXT_DEFAULTS, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const token = await signInAs(page, running.server.url, user.username, password);
  return { user, page, token };
}

async function statusOfToken(token: string): Promise<number> {
  const reply = await fetch(`${running.server.url}/api/user/getinfo`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return reply.status;
}

const WINDOWS_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("accessToken"));

async function openSecurityTab(page: Page) {
  await page.goto(`${running.server.url}/userinfo`);
  await page.getByRole("tab", { name: "账号安全" }).click();
}

describe("account security in the browser", () => {
  it("keeps the user signed in after a password change", async () => {
    const { page, token } = await signedInPage("before123");
    await openSecurityTab(page);
    await page.getByLabel("原密码").fill("before123");
    await page.getByLabel("新密码").fill("after4567");
    await page.getByRole("button", { name: "修改密码" }).click();
    await page.getByText("密码已修改，其他设备已退出登录").waitFor();

    expect(page.url()).toBe(`${running.server.url}/userinfo?tab=security`);
    expect(await storedToken(page)).toBe(token);
    expect(await statusOfToken(token)).toBe(200);
    await page.reload();
    await page.getByRole("button", { name: "退出登录" }).waitFor();
  });

  it("asks for the current password to change the e-mail, and the old address is told", async () => {
    const { user, page } = await signedInPage();
    const newEmail = `moved-${user.username}@example.com`.toLowerCase();
    await openSecurityTab(page);
    await page.getByLabel("新邮箱").fill(newEmail);
    await page.locator(".accounts_captcha-image img").waitFor();
    await page.getByLabel("图形验证码", { exact: true }).fill(await newestCaptchaAnswer(running.server.app.db));
    await page.getByRole("button", { name: "获取验证码" }).click();
    await page.getByText("验证码已发送（如该邮箱可用），请查收邮件").waitFor();
    await page.getByLabel("邮箱验证码", { exact: true }).fill(await readOutboxCode(running.server.dataDir, newEmail));

    // The e-mail form's own field: the payout account's form on the same tab asks for it too.
    const emailForm = page.locator("form#change-email");
    await emailForm.getByLabel("当前密码").fill("wrong1234");
    await page.getByRole("button", { name: "更换邮箱" }).click();
    await emailForm.getByText("当前密码错误").waitFor();
    // The confirmed code is not asked for again: the ticket it gave is still good.
    await emailForm.getByLabel("当前密码").fill(user.password);
    await page.getByRole("button", { name: "更换邮箱" }).click();
    await page.getByText(`当前邮箱：${newEmail}`).waitFor();

    const outbox = path.join(running.server.dataDir, "outbox");
    const toOld = (await fs.readdir(outbox)).filter((name) => name.endsWith(`-${user.email}.eml`)).sort();
    const notice = await fs.readFile(path.join(outbox, toOld.at(-1) ?? ""), "utf8");
    expect(notice).toContain("m***@example.com");
  });

  it("退出登录 ends the session on the server too", async () => {
    const { page, token } = await signedInPage();
    await page.goto(`${running.server.url}/userinfo`);
    await page.getByRole("button", { name: "退出登录" }).click();
    await page.waitForURL(`${running.server.url}/`);
    await page.getByRole("link", { name: "登录" }).waitFor();
    expect(await storedToken(page)).toBeNull();
    expect(await statusOfToken(token)).toBe(401);
  });

  it("signs out of the browser even when the logout call fails", async () => {
    const { user, page } = await signedInPage();
    let attempts = 0;
    await page.route("**/api/user/logout", (route) => {
      attempts += 1;
      return route.abort("internetdisconnected");
    });
    await page.goto(`${running.server.url}/`);
    await waitUntilSettled(page);
    await page.getByRole("button", { name: `${user.username}的菜单` }).click();
    await page.getByRole("menuitem", { name: "退出登录" }).click();
    await page.getByRole("link", { name: "登录" }).waitFor();
    expect(await storedToken(page)).toBeNull();
    expect(attempts).toBe(1);
  });

  it("登录设备 lists each browser, and signing one out there signs it out live", async () => {
    const user = await registerUser(running.server.app, running.server.dataDir);
    const laptopContext = await running.browser.newContext({
      ...CONTEXT_DEFAULTS,
      viewport: VIEWPORTS.desktop,
      userAgent: WINDOWS_CHROME,
    });
    const laptop = await laptopContext.newPage();
    await signInAs(laptop, running.server.url, user.username, user.password);
    await laptop.goto(`${running.server.url}/`);
    await waitUntilSettled(laptop);
    const phoneContext = await running.browser.newContext({ ...CONTEXT_DEFAULTS, viewport: VIEWPORTS.phone });
    const phone = await phoneContext.newPage();
    await signInAs(phone, running.server.url, user.username, user.password);
    await openSecurityTab(phone);

    // The phone, first and marked; the laptop; and the session registering made.
    const devices = phone.getByRole("list", { name: "登录设备" }).getByRole("listitem");
    await devices.nth(2).waitFor();
    expect(await devices.count()).toBe(3);
    await devices.first().getByText("本机").waitFor();
    expect(await devices.first().getByRole("button").count()).toBe(0);
    const laptopItem = devices.filter({ hasText: /Chrome \d+ · Windows/ });
    await laptopItem.getByText("最近使用").waitFor();

    await laptopItem.getByRole("button", { name: /^强制下线：/ }).click();
    await phone.getByRole("button", { name: "确认下线" }).click();
    await phone.getByText("该设备已退出登录").waitFor();
    await laptop.getByText("登录已失效，请重新登录").first().waitFor();
    await laptop.waitForURL(/\/login/);
    expect(await storedToken(laptop)).toBeNull();
    await vi.waitFor(async () => expect(await devices.count()).toBe(2));

    await phone.getByRole("button", { name: "退出其他所有设备" }).click();
    await phone.getByRole("button", { name: "全部退出" }).click();
    await phone.getByText("已退出其他 1 台设备").waitFor();
    await vi.waitFor(async () => expect(await devices.count()).toBe(1));
    expect(await statusOfToken(user.token)).toBe(401);
    await Promise.all([laptopContext.close(), phoneContext.close()]);
  });
});
