/**
 * 新设备登录提醒 in Chromium: someone signs in with the owner's password on a phone the account
 * has never used; the owner is told in the notifications, and the e-mail's 不是我本人 link, opened
 * without signing in, signs that phone out (live: its page drops to signed out) and sets a new
 * password, so the old one opens nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readNewestMail, registerUser } from "../server/src/test-support/accounts.js";
import { CONTEXT_DEFAULTS, PHONE_CONTEXT, signInAs, VIEWPORTS, waitUntilSettled } from "./browser.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

describe("a sign-in from a new device", () => {
  it("is told to the owner, whose e-mail link signs it out and sets a new password", async () => {
    const user = await registerUser(running.server.app, running.server.dataDir);
    // The owner's laptop (new to the account too, so told of first: the phone's alert is the newest mail).
    const ownerContext = await running.browser.newContext({ ...CONTEXT_DEFAULTS, viewport: VIEWPORTS.desktop });
    const owner = await ownerContext.newPage();
    await signInAs(owner, running.server.url, user.username, user.password);

    // The intruder's phone, with the password, through the login screen.
    const phoneContext = await running.browser.newContext({ ...PHONE_CONTEXT, userAgent: IPHONE });
    const phone = await phoneContext.newPage();
    await phone.goto(`${running.server.url}/login`);
    await phone.getByLabel("用户名", { exact: true }).fill(user.username);
    await phone.getByLabel("密码", { exact: true }).fill(user.password);
    await phone.getByRole("button", { name: /^登\s*录$/ }).click();
    await phone.waitForURL((url) => !url.pathname.startsWith("/login"));
    await waitUntilSettled(phone);

    // The owner's notifications tell of it, and lead to 账号安全.
    await owner.goto(`${running.server.url}/notifications`);
    const alert = owner.getByRole("link", { name: /你的账号在新设备上登录/ }).filter({ hasText: "iOS 18.1" });
    await alert.getByText(/Safari 18\.1 · iOS 18\.1 · 127\.0\.0\.\*/).waitFor();
    await alert.click();
    await owner.waitForURL(/\/userinfo\?tab=security/);

    // The e-mail's link, opened in a browser signed in to nothing.
    const { text } = await readNewestMail(running.server.dataDir, user.email);
    expect(text).toContain("新设备上登录");
    const link = /https?:\/\/\S+\/device-alert#token=[\w-]+/.exec(text.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
    const linkUrl = new URL(link?.[0] ?? "");
    const linkPath = linkUrl.pathname + linkUrl.hash;
    const mailContext = await running.browser.newContext({ ...CONTEXT_DEFAULTS, viewport: VIEWPORTS.phone });
    const mail = await mailContext.newPage();
    await mail.goto(`${running.server.url}${linkPath}`);
    await mail.getByRole("heading", { name: "不是你本人登录？" }).waitFor();
    await mail.getByRole("button", { name: "让这台设备退出登录" }).click();
    await mail.getByText("这台设备已退出登录").waitFor();
    // The phone is signed out live: its page says so and goes to the login screen.
    await phone.getByText("登录已失效，请重新登录").first().waitFor();
    await phone.waitForURL(/\/login/);
    await mail.getByLabel("新密码").fill("brand-new-9");
    await mail.getByRole("button", { name: "设置新密码" }).click();
    await mail.getByText("新密码已设置，所有设备都已退出登录").waitFor();

    const oldPassword = await fetch(`${running.server.url}/api/user/login/username`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: user.username, password: user.password }),
    });
    expect((await oldPassword.json()).code).toBe(1104);
    // The link was used once (opened again from the mail, in a new tab).
    const again = await mailContext.newPage();
    await again.goto(`${running.server.url}${linkPath}`);
    await again.getByRole("button", { name: "让这台设备退出登录" }).click();
    await again
      .getByRole("alert")
      .getByText(/这个链接已失效或已用过/)
      .waitFor();
    await Promise.all([phoneContext.close(), ownerContext.close(), mailContext.close()]);
  });
});
