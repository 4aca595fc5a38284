/**
 * 通行密钥 in Chromium on a phone, with the browser's own virtual authenticator (the DevTools
 * protocol's WebAuthn domain) standing in for the phone's fingerprint: a passkey added from 账号安全
 * after 身份验证, a sign-in with it and no password typed (by the device alone, then with the user
 * name first), 仅通行密钥登录 switched on with the passkey's proof, and the password refused.
 * Passkeys are made for localhost, so the site is opened there rather than at 127.0.0.1.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withPasskeyOnly } from "../server/src/test-support/passkeys.js";
import { PHONE_CONTEXT, signInAs } from "./browser.js";
import { buyerSellerModerator, newUser, pageOf, proveIdentity } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);
const siteUrl = () => running.server.url.replace("127.0.0.1", "localhost");

/** A page whose browser holds a platform authenticator that verifies its user (a fingerprint, say). */
async function pageWithAuthenticator(context: BrowserContext) {
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send("WebAuthn.enable");
  const { authenticatorId } = await devtools.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await devtools.send("WebAuthn.getCredentials", { authenticatorId })).credentials.length;
  return { page, credentials };
}

async function logOut(page: Page) {
  await page.goto(`${siteUrl()}/userinfo`);
  await page.getByRole("button", { name: "退出登录" }).click();
  await page.waitForURL(/\/login|\/$/);
}

const signedInName = (page: Page) => page.evaluate(() => localStorage.getItem("accessToken"));

describe("通行密钥 on a phone", () => {
  it("adds a passkey, signs in with it and no password, and with 仅通行密钥登录 on refuses the password", async () => {
    const user = await newUser(running.server);
    const context = await running.browser.newContext(PHONE_CONTEXT);
    const { page, credentials } = await pageWithAuthenticator(context);
    await signInAs(page, siteUrl(), user.username, user.password);
    await page.goto(`${siteUrl()}/userinfo?tab=security`);

    // Adding one: named, then 身份验证 with the password (the account has nothing stronger yet).
    const section = page.getByRole("region", { name: "通行密钥" });
    await section.getByText(/你还没有添加通行密钥/).waitFor();
    await section.getByRole("button", { name: "添加通行密钥" }).click();
    await section.getByLabel("通行密钥名称").fill("我的手机");
    await section.getByRole("button", { name: "创建通行密钥" }).click();
    await proveIdentity(page, user.password);
    const list = section.getByRole("list", { name: "我的通行密钥" });
    await list.getByText("我的手机").waitFor();
    await list.getByText(/尚未使用/).waitFor();
    expect(await credentials()).toBe(1);

    // Signing in by the device alone: no user name, no password.
    await logOut(page);
    await page.goto(`${siteUrl()}/login`);
    await page.getByRole("button", { name: "使用通行密钥登录" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    expect(await signedInName(page)).toBeTruthy();

    // 仅通行密钥登录: this new session proves itself with the passkey, not the password.
    await page.goto(`${siteUrl()}/userinfo?tab=security`);
    await section.getByText(/最近使用/).waitFor();
    await section.getByRole("switch", { name: "仅通行密钥登录" }).click();
    const proof = page.getByRole("dialog", { name: "验证身份" });
    await proof.getByText(/请用你的通行密钥/).waitFor();
    await proof.getByRole("button", { name: "使用通行密钥" }).click();
    await proof.waitFor({ state: "detached" });
    await page.getByText("已开启仅通行密钥登录").waitFor();
    await expect.poll(() => section.getByRole("switch", { name: "仅通行密钥登录" }).isChecked()).toBe(true);

    // The password is refused now, and the user name first still finds the passkey.
    await logOut(page);
    await page.goto(`${siteUrl()}/login`);
    await page.getByLabel("用户名", { exact: true }).fill(user.username);
    await page.getByLabel("密码", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: /^登\s*录$/ }).click();
    await page.getByRole("alert").getByText("该账号已开启仅通行密钥登录，请使用通行密钥登录").waitFor();
    expect(await signedInName(page)).toBeNull();
    await page.getByRole("button", { name: "使用通行密钥登录" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    expect(await signedInName(page)).toBeTruthy();
    await context.close();
  });

  it("is helped back by a moderator when every passkey is lost: 仅通行密钥登录 off, written to the log", async () => {
    const [owner, , moderator] = await buyerSellerModerator(running.server);
    await withPasskeyOnly(running.server.app, owner);
    const admin = await pageOf(running.browser, running.server, moderator, "/admin?tab=log");
    const recovery = admin.getByRole("region", { name: "协助恢复账号" });
    await recovery.getByLabel("用户名").fill(owner.username);
    await recovery.getByLabel("如何核实了用户身份").fill("用户从注册邮箱来信，核对了最近一笔订单");
    await recovery.getByRole("button", { name: "关闭仅通行密钥登录" }).click();
    await proveIdentity(admin, moderator.password);
    await admin.getByText(`已为 ${owner.username} 关闭仅通行密钥登录，用户可用邮箱重置密码`).waitFor();
    await admin.getByText("协助恢复账号", { exact: true }).last().waitFor();
    await admin.getByText("用户从注册邮箱来信，核对了最近一笔订单").waitFor();
    await admin.context().close();
  });
});
