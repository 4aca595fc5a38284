/**
 * 两步验证 in Chromium on a phone, with codes the test computes from the secret the page shows, as
 * an authenticator app would: turned on from 账号安全 (QR code, secret, first code, recovery codes
 * downloaded), asked for after the password at the next sign-in, a recovery code in place of the
 * app once, and turned off again.
 */
import fs from "node:fs/promises";
import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTEXT_DEFAULTS, signInAs, VIEWPORTS } from "./browser.js";
import { newUser, proveIdentity } from "./fixtures.js";
import { useServerAndBrowser } from "./server.js";

const running = useServerAndBrowser(beforeAll, afterAll);

/**
 * What the app shows for the secret a period from now: the code that turned two-step sign-in on
 * was spent on it, and the server takes the next one already (a phone's clock may run ahead).
 */
const nextCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + 30_000 });

/** The password step of the login screen, as a person fills it in. */
async function typePassword(page: Page, username: string, password: string) {
  await page.goto(`${running.server.url}/login`);
  await page.getByLabel("用户名", { exact: true }).fill(username);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByRole("button", { name: /^登\s*录$/ }).click();
}

async function logOut(page: Page) {
  await page.goto(`${running.server.url}/userinfo`);
  await page.getByRole("button", { name: "退出登录" }).click();
  await page.waitForURL(/\/login|\/$/);
}

describe("两步验证 on a phone", () => {
  it("turns on with a QR code and a first code, then asks for a code, or a recovery code, after the password", async () => {
    const user = await newUser(running.server);
    const context = await running.browser.newContext({
      ...CONTEXT_DEFAULTS,
      viewport: VIEWPORTS.phone,
      hasTouch: true,
      isMobile: true,
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await signInAs(page, running.server.url, user.username, user.password);
    await page.goto(`${running.server.url}/userinfo?tab=security`);

    // Turning it on: the password, then the secret for the app and a first code from it.
    await page.getByText(/^未开启。/).waitFor();
    await page.getByRole("button", { name: "开启两步验证" }).click();
    const passwordForm = page.locator("form#two-step-password");
    await passwordForm.getByLabel("当前密码").fill("not-mine-1");
    await page.getByRole("button", { name: "下一步" }).click();
    await passwordForm.getByText("当前密码错误").waitFor();
    await passwordForm.getByLabel("当前密码").fill(user.password);
    await page.getByRole("button", { name: "下一步" }).click();
    const secret = ((await page.getByTestId("two-step-secret").textContent()) ?? "").replaceAll(" ", "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.locator(".ant-qrcode canvas").waitFor();
    const enableForm = page.locator("form#two-step-enable");
    await enableForm.getByRole("textbox").fill("12345");
    await enableForm.getByRole("button", { name: "开启两步验证" }).click();
    await enableForm.getByText("请输入 6 位验证码").waitFor();
    await enableForm.getByRole("textbox").fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
    await enableForm.getByRole("button", { name: "开启两步验证" }).click();

    // Ten recovery codes, shown once: downloaded as a file that holds each.
    const shown = page.getByRole("list", { name: "恢复码" }).getByRole("listitem");
    await expect.poll(() => shown.count()).toBe(10);
    const recoveryCodes = await shown.allTextContents();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "下载恢复码" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^xianzhi-recovery-codes-\d{4}-\d{2}-\d{2}\.txt$/);
    const file = await fs.readFile((await download.path()) ?? "", "utf8");
    for (const code of recoveryCodes) expect(file).toContain(code);
    await page.getByRole("button", { name: "我已保存好" }).click();
    await page.getByText("已开启（刚刚）· 剩余 10 个恢复码").waitFor();

    // The next sign-in: the password, then a code; a wrong one says how many tries are left.
    await logOut(page);
    await typePassword(page, user.username, user.password);
    await page.getByRole("heading", { name: "两步验证" }).waitFor();
    const codeField = page.getByLabel("验证码", { exact: true });
    await codeField.fill(nextCode(secret) === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "验证并登录" }).click();
    await page.getByRole("alert").getByText("两步验证码不正确，还可以再试 4 次").waitFor();
    await codeField.fill(nextCode(secret));
    await page.getByRole("button", { name: "验证并登录" }).click();
    await page.waitForURL((url) => url.pathname !== "/login");
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeTruthy();

    // Without the phone: a recovery code, typed in lower case, once.
    await logOut(page);
    await typePassword(page, user.username, user.password);
    await page.getByRole("button", { name: "手机不在身边？使用恢复码" }).click();
    await page.getByLabel("恢复码").fill((recoveryCodes[0] ?? "").toLowerCase());
    await page.getByRole("button", { name: "验证并登录" }).click();
    await page.waitForURL((url) => url.pathname !== "/login");

    // Money and identity: a new payout account asks for a code too, the password is not enough.
    await page.goto(`${running.server.url}/userinfo?tab=security`);
    const payoutForm = page.locator("form#payout-account");
    await payoutForm.getByLabel("支付宝账号").fill("seller@example.com");
    await payoutForm.getByLabel("当前密码").fill(user.password);
    await payoutForm.getByRole("button", { name: "保存收款账户" }).click();
    await page.getByRole("dialog", { name: "验证身份" }).getByText("请输入验证器 App 上的", { exact: false }).waitFor();
    await proveIdentity(page, recoveryCodes[2] ?? "");
    await page.getByText("收款账户已保存").waitFor();
    await payoutForm.getByText("收款账户：seller@example.com").waitFor();

    // Turned off with the password and another recovery code: the password alone signs in again.
    await page.getByText("已开启（刚刚）· 剩余 8 个恢复码").waitFor();
    await page.getByRole("button", { name: "关闭两步验证" }).click();
    const disableForm = page.locator("form#two-step-disable");
    await disableForm.getByLabel("当前密码").fill(user.password);
    await disableForm.getByLabel("验证码或恢复码").fill(recoveryCodes[1] ?? "");
    await disableForm.getByRole("button", { name: "关闭两步验证" }).click();
    await page.getByText(/^未开启。/).waitFor();
    await logOut(page);
    await typePassword(page, user.username, user.password);
    await page.waitForURL((url) => url.pathname !== "/login");
    await context.close();
  });

  it("sends the user back to the password when the second step waited too long", async () => {
    const user = await newUser(running.server);
    const secret = await turnedOnThroughTheApi(user.token, user.password);
    const context = await running.browser.newContext({ ...CONTEXT_DEFAULTS, viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await typePassword(page, user.username, user.password);
    await page.getByRole("heading", { name: "两步验证" }).waitFor();
    // The ticket's five minutes, passed: the server's tickets of this user are made to have run out.
    await running.server.app.db
      .updateTable("twoStepTickets")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("userId", "=", Number(user.id))
      .execute();
    await page.getByLabel("验证码", { exact: true }).fill(nextCode(secret));
    await page.getByRole("button", { name: "验证并登录" }).click();
    await page.getByRole("alert").getByText("登录已超时，请重新输入密码").waitFor();
    await page.getByLabel("密码", { exact: true }).waitFor();
    await context.close();
  });
});

/** Two-step sign-in turned on as the personal centre does it; answers the secret. */
async function turnedOnThroughTheApi(token: string, password: string): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const reply = await fetch(`${running.server.url}/api${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return (await reply.json()) as { code: number; data: { secret: string } };
  };
  const { data } = await post("/user/two-step/setup", { password });
  const enabled = await post("/user/two-step/enable", {
    code: new TOTP({ secret: Secret.fromBase32(data.secret) }).generate(),
  });
  expect(enabled.code).toBe(200);
  return data.secret;
}
