import fs from "node:fs/promises";
import path from "node:path";
import { DEVICE_COOKIE, NewDeviceLimits, type NotificationPage } from "@xianzhi/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { countMails, type RegisteredUser, readNewestMail, registerUser } from "../../test-support/accounts.js";
import { withPasskeyOnly } from "../../test-support/passkeys.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

/**
 * 新设备登录提醒: a sign-in from a device the account has not used is told by e-mail and in the
 * notifications, and the e-mail's link signs that device out and starts a password reset. A device
 * is known by its cookie, or (a client without cookies) by its User-Agent and network.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile Safari/604.1";

/** A sign-in as a browser makes it: its User-Agent, address and device cookie; answers the token and the cookie set. */
async function signIn(user: RegisteredUser, from: { userAgent?: string; ip?: string; cookie?: string } = {}) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/user/login/username",
    payload: { username: user.username, password: user.password },
    remoteAddress: from.ip ?? "127.0.0.1",
    headers: {
      ...(from.userAgent && { "user-agent": from.userAgent }),
      ...(from.cookie && { cookie: `${DEVICE_COOKIE}=${from.cookie}` }),
    },
  });
  const setCookie = String(response.headers["set-cookie"] ?? "");
  const cookie = new RegExp(`^${DEVICE_COOKIE}=([\\w-]+);`).exec(setCookie)?.[1] ?? "";
  return { token: response.json().data.token as string, cookie, setCookie };
}

const alertsOf = async (user: RegisteredUser) =>
  (await call<NotificationPage>(t.app, "GET", "/api/notifications", { token: user.token })).data.list.filter(
    (notification) => notification.kind === "new_device",
  );

/** The 不是我本人 link's token in the newest alert mailed to the user (other mails may have come since). */
async function alertLinkToken(user: RegisteredUser): Promise<string> {
  const outbox = path.join(t.dataDir, "outbox");
  const mails = (await fs.readdir(outbox)).filter((name) => name.endsWith(`-${user.email}.eml`)).sort();
  for (const name of mails.reverse()) {
    const text = (await fs.readFile(path.join(outbox, name), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const token = /device-alert#token=([\w-]+)/.exec(text)?.[1];
    if (token) return token;
  }
  throw new Error("no alert mailed");
}

const deny = (token: string) => call(t.app, "POST", "/api/user/device-alerts/deny", { body: { token } });

describe("a sign-in from a new device", () => {
  it("is no news from the device the account was registered on, with or without its cookie", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const mails = await countMails(t.dataDir, user.email);
    const first = await signIn(user);
    expect(first.setCookie).toMatch(
      new RegExp(`^${DEVICE_COOKIE}=[\\w-]+; Path=/api/user; Max-Age=\\d+; HttpOnly; SameSite=Lax$`),
    );
    await signIn(user, { cookie: first.cookie });
    expect(await countMails(t.dataDir, user.email)).toBe(mails);
    expect(await alertsOf(user)).toEqual([]);
  });

  it("is told by e-mail and a notification naming the device; the same browser elsewhere is not new again", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const mails = await countMails(t.dataDir, user.email);
    const phone = await signIn(user, { userAgent: IPHONE, ip: "203.0.113.7" });
    expect(await countMails(t.dataDir, user.email)).toBe(mails + 1);
    const { text } = await readNewestMail(t.dataDir, user.email);
    expect(text).toContain("203.0.113.*");
    const [alert] = await alertsOf(user);
    expect(alert).toMatchObject({ kind: "new_device", actor: null, excerpt: "Safari 18.1 · iOS 18.1 · 203.0.113.*" });

    // The same phone on another network, with its cookie: known.
    await signIn(user, { userAgent: IPHONE, ip: "198.51.100.20", cookie: phone.cookie });
    // A client without cookies, as before (same agent, same network): known.
    await signIn(user, { userAgent: IPHONE, ip: "203.0.113.99" });
    expect(await countMails(t.dataDir, user.email)).toBe(mails + 1);
    expect(await alertsOf(user)).toHaveLength(1);
  });

  it("is signed out by the alert's link, which then resets the password, once", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const intruder = await signIn(user, { userAgent: IPHONE, ip: "203.0.113.7" });
    const token = await alertLinkToken(user);
    const denied = await deny(token);
    expect(denied).toMatchObject({ code: 200, msg: "该设备已退出登录，请设置新密码", data: { email: user.email } });
    expect((await call(t.app, "GET", "/api/user/getinfo", { token: intruder.token })).status).toBe(401);
    // The owner's own session stays until the reset.
    expect((await call(t.app, "GET", "/api/user/getinfo", { token: user.token })).status).toBe(200);
    const reset = await call(t.app, "POST", "/api/user/password/reset", {
      body: { email: user.email, emailTicket: denied.data.emailTicket, newPassword: "fresh-pass9" },
    });
    expect(reset).toMatchObject({ code: 200 });
    expect((await call(t.app, "GET", "/api/user/getinfo", { token: user.token })).status).toBe(401);
    expect(await deny(token)).toMatchObject({ code: 1126 });
    expect(await deny("no-such-link-token")).toMatchObject({ code: 1126 });
  });

  it("trusts a client known by agent and network on that network only, and keeps the owner's cookie as it was", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const owner = await signIn(user, { userAgent: IPHONE, ip: "203.0.113.7" });
    const mails = await countMails(t.dataDir, user.email);
    // Someone on the owner's network with the owner's User-Agent and no cookie: known there...
    const lookalike = await signIn(user, { userAgent: IPHONE, ip: "203.0.113.99" });
    expect(await countMails(t.dataDir, user.email)).toBe(mails);
    // ...but the cookie it was given vouches for nothing elsewhere.
    await signIn(user, { userAgent: IPHONE, ip: "198.51.100.20", cookie: lookalike.cookie });
    expect(await countMails(t.dataDir, user.email)).toBe(mails + 1);
    // The owner's own cookie still does, from anywhere.
    await signIn(user, { userAgent: IPHONE, ip: "192.0.2.50", cookie: owner.cookie });
    expect(await countMails(t.dataDir, user.email)).toBe(mails + 1);
  });

  it("forgets the denied device: its next sign-in is told again", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const intruder = await signIn(user, { userAgent: IPHONE, ip: "203.0.113.7" });
    const denied = await deny(await alertLinkToken(user));
    expect(denied.code).toBe(200);
    const mails = await countMails(t.dataDir, user.email);
    await signIn(user, { userAgent: IPHONE, ip: "203.0.113.7", cookie: intruder.cookie });
    expect(await countMails(t.dataDir, user.email)).toBe(mails + 1);
  });

  it("removes the passkey a denied device signed in with", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const device = await withPasskeyOnly(t.app, user);
    // The passkey, used from a device new to the account (a copy of it, say).
    const options = await call(t.app, "POST", "/api/user/login/passkey/options", { body: {} });
    const response = device.get(options.data.options);
    const stolen = await t.app.inject({
      method: "POST",
      url: "/api/user/login/passkey",
      payload: { challengeId: options.data.challengeId, response },
      remoteAddress: "203.0.113.7",
      headers: { "user-agent": IPHONE },
    });
    expect(stolen.json().code).toBe(200);
    expect((await readNewestMail(t.dataDir, user.email)).text).toContain("用通行密钥在一台新设备上登录");
    const denied = await deny(await alertLinkToken(user));
    // The account's last passkey went with it, so the password signs in again, reset first.
    expect(denied).toMatchObject({ code: 200, data: { emailTicket: expect.any(String) } });
    const passkeys = await call(t.app, "GET", "/api/user/passkeys", { token: user.token });
    expect(passkeys.data).toEqual({ passkeys: [], passkeyOnly: false });
  });

  it("stops working after a day", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const intruder = await signIn(user, { userAgent: IPHONE, ip: "203.0.113.7" });
    const token = await alertLinkToken(user);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + NewDeviceLimits.alertLinkTtlSeconds * 1000 });
    expect(await deny(token)).toMatchObject({ code: 1126 });
    vi.useRealTimers();
    expect((await call(t.app, "GET", "/api/user/getinfo", { token: intruder.token })).status).toBe(200);
  });

  it("signs the device out of an account that signs in with passkeys only, with no reset", async () => {
    const user = await registerUser(t.app, t.dataDir);
    // The intruder is in before the switch: the switch does not end sessions.
    const intruder = await signIn(user, { userAgent: IPHONE, ip: "203.0.113.7" });
    await withPasskeyOnly(t.app, user);
    const denied = await deny(await alertLinkToken(user));
    expect(denied).toMatchObject({ code: 200, data: { email: user.email, emailTicket: null } });
    expect((await call(t.app, "GET", "/api/user/getinfo", { token: intruder.token })).status).toBe(401);
  });
});
