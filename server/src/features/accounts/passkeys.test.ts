import { type Passkey, PasskeyLimits, type Passkeys, type WebAuthnOptions } from "@xianzhi/contract";
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { emailTicketFor, type RegisteredUser, readNewestMail, registerUser } from "../../test-support/accounts.js";
import {
  type CreationOptions,
  PasskeyAuthenticator,
  type RequestOptions,
  type Twist,
} from "../../test-support/passkey-authenticator.js";
import { withPasskeyOnly } from "../../test-support/passkeys.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

/**
 * 通行密钥: added after a proof, signed in with (by user name or by the device alone), the second
 * check of an account that has one, and 仅通行密钥登录. Every answer is a real WebAuthn answer of a
 * software authenticator; the server's checks (challenge, origin, relying party, signature, user
 * verification, counter) run as they do for a browser's.
 */
let t: TestApp;
/** The server's log lines of warning or worse: a refused copy of a key is one. */
const warnings: { msg: string; passkeyId?: number }[] = [];
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "warn" }, { logStream: { write: (line) => warnings.push(JSON.parse(line)) } });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const proveWithPassword = (user: RegisteredUser) =>
  call(t.app, "POST", "/api/user/proof", { token: user.token, body: { password: user.password } });

/** The options' challenge, as the browser's prompt reads it. */
const optionsOf = <T>(reply: { data: WebAuthnOptions }) => reply.data.options as unknown as T;

async function addPasskey(user: RegisteredUser, device: PasskeyAuthenticator, name = "我的手机", twist: Twist = {}) {
  const options = await call<WebAuthnOptions>(t.app, "POST", "/api/user/passkeys/options", { token: user.token });
  if (options.code !== 200) return options;
  const response = device.create(optionsOf<CreationOptions>(options), twist);
  return call<Passkey>(t.app, "POST", "/api/user/passkeys", {
    token: user.token,
    body: { challengeId: options.data.challengeId, name, response },
  });
}

/** A new account with a passkey on `device`, added after a password proof. */
async function withPasskey(device = new PasskeyAuthenticator()) {
  const user = await registerUser(t.app, t.dataDir);
  await proveWithPassword(user);
  const added = await addPasskey(user, device);
  expect(added).toMatchObject({ code: 200, msg: "通行密钥已添加" });
  return { user, device, passkey: added.data as Passkey };
}

const loginOptions = (username?: string) =>
  call<WebAuthnOptions>(t.app, "POST", "/api/user/login/passkey/options", { body: username ? { username } : {} });

async function signInWith(device: PasskeyAuthenticator, username?: string, twist: Twist = {}) {
  const options = await loginOptions(username);
  const response = device.get(optionsOf<RequestOptions>(options), undefined, twist);
  return call(t.app, "POST", "/api/user/login/passkey", { body: { challengeId: options.data.challengeId, response } });
}

async function proveWithPasskey(user: RegisteredUser, device: PasskeyAuthenticator, token = user.token) {
  const options = await call<WebAuthnOptions>(t.app, "POST", "/api/user/proof/passkey-options", { token });
  const response = device.get(optionsOf<RequestOptions>(options));
  return call(t.app, "POST", "/api/user/proof", { token, body: { challengeId: options.data.challengeId, response } });
}

const passwordLogin = (user: RegisteredUser) =>
  call(t.app, "POST", "/api/user/login/username", { body: { username: user.username, password: user.password } });

const listOf = async (user: RegisteredUser) =>
  (await call<Passkeys>(t.app, "GET", "/api/user/passkeys", { token: user.token })).data;

describe("adding a passkey", () => {
  it("needs a fresh proof, then keeps the passkey with its name, and the second check becomes the passkey", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const device = new PasskeyAuthenticator();
    expect(await addPasskey(user, device)).toMatchObject({ code: 1116, data: { method: "password" } });
    expect(await listOf(user)).toEqual({ passkeys: [], passkeyOnly: false });
    await proveWithPassword(user);
    const added = await addPasskey(user, device, "  办公室电脑 ");
    expect(added).toMatchObject({ code: 200, data: { name: "办公室电脑", lastUsedAt: null, synced: true } });
    // The owner is told: a passkey planted by someone else does not go unseen.
    const notice = await readNewestMail(t.dataDir, user.email);
    expect(notice.text).toContain("办公室电脑");
    expect((await listOf(user)).passkeys).toEqual([added.data]);
    expect((await call(t.app, "GET", "/api/user/proof", { token: user.token })).data.method).toBe("passkey");
  });

  it("refuses an answer from another origin or relying party, without user verification, or with a used challenge", async () => {
    const { user, device } = await withPasskey();
    const before = await listOf(user);
    expect(await addPasskey(user, device, "钓鱼", { origin: "https://xianzhi.evil.example" })).toMatchObject({
      code: 1118,
      msg: "通行密钥验证未通过，请重试",
    });
    expect(await addPasskey(user, device, "别家", { rpId: "evil.example" })).toMatchObject({ code: 1118 });
    expect(await addPasskey(user, device, "未验证", { userVerified: false })).toMatchObject({ code: 1118 });
    expect(await addPasskey(user, device, "类型", { type: "webauthn.get" })).toMatchObject({ code: 1118 });

    const options = await call<WebAuthnOptions>(t.app, "POST", "/api/user/passkeys/options", { token: user.token });
    const response = device.create(optionsOf<CreationOptions>(options));
    const body = { challengeId: options.data.challengeId, name: "一次", response };
    expect(await call(t.app, "POST", "/api/user/passkeys", { token: user.token, body })).toMatchObject({ code: 200 });
    expect(await call(t.app, "POST", "/api/user/passkeys", { token: user.token, body })).toMatchObject({
      code: 1117,
      msg: "通行密钥验证已失效，请重试",
    });
    expect((await listOf(user)).passkeys).toHaveLength(before.passkeys.length + 1);
  });

  it("takes a challenge only from the session that asked for it, and not after five minutes", async () => {
    const { user, device } = await withPasskey();
    const other = (await passwordLogin(user)).data.token as string;
    const options = await call<WebAuthnOptions>(t.app, "POST", "/api/user/passkeys/options", { token: user.token });
    const response = device.create(optionsOf<CreationOptions>(options));
    const body = { challengeId: options.data.challengeId, name: "别的会话", response };
    expect(await proveWithPasskey(user, device, other)).toMatchObject({ code: 200 });
    expect(await call(t.app, "POST", "/api/user/passkeys", { token: other, body })).toMatchObject({ code: 1117 });

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const late = await call<WebAuthnOptions>(t.app, "POST", "/api/user/passkeys/options", { token: user.token });
    const lateBody = { challengeId: late.data.challengeId, name: "太迟", response: device.create(optionsOf(late)) };
    vi.setSystemTime(Date.now() + PasskeyLimits.challengeTtlSeconds * 1000);
    expect(await proveWithPasskey(user, device)).toMatchObject({ code: 200 });
    expect(await call(t.app, "POST", "/api/user/passkeys", { token: user.token, body: lateBody })).toMatchObject({
      code: 1117,
    });
  });

  it("answers 400 in Chinese for a malformed answer or name, and changes nothing", async () => {
    const { user } = await withPasskey();
    for (const body of [
      { challengeId: "x", name: "", response: { id: "a", rawId: "a", type: "public-key", response: {} } },
      { challengeId: "x", name: "好", response: { id: "a", rawId: "a", type: "password", response: {} } },
      { challengeId: "x", name: "好", response: "not an object" },
      { challengeId: "x", name: "长".repeat(PasskeyLimits.nameMaxLength + 1), response: {} },
    ]) {
      const reply = await call(t.app, "POST", "/api/user/passkeys", { token: user.token, body });
      expect(reply.status).toBe(400);
      expect(reply.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await listOf(user)).passkeys).toHaveLength(1);
  });
});

describe("signing in with a passkey", () => {
  it("signs in with the device alone (no user name), and by user name first, with no password typed", async () => {
    const { user, device } = await withPasskey();
    const discoverable = await loginOptions();
    expect((discoverable.data.options as unknown as RequestOptions).allowCredentials).toEqual([]);
    const signedIn = await signInWith(device);
    expect(signedIn).toMatchObject({ code: 200, msg: "登录成功", data: { userInfo: { username: user.username } } });
    const me = await call(t.app, "GET", "/api/user/getinfo", { token: signedIn.data.token });
    expect(me.data.username).toBe(user.username);

    const named = await loginOptions(user.username);
    expect((named.data.options as unknown as RequestOptions).allowCredentials).toHaveLength(1);
    expect(await signInWith(device, user.username)).toMatchObject({ code: 200 });
    expect((await listOf(user)).passkeys[0]?.lastUsedAt).not.toBeNull();
    // A name without an account gets the options of no name at all: no passkey listed.
    const unknown = await loginOptions("nobody_here");
    expect((unknown.data.options as unknown as RequestOptions).allowCredentials).toEqual([]);
  });

  it("refuses another account's passkey for a user name, an unknown passkey, a replayed answer and a cloned key", async () => {
    const { user, device } = await withPasskey();
    const stranger = await withPasskey();
    const options = await loginOptions(user.username);
    const wrongKey = stranger.device.get(optionsOf<RequestOptions>(await loginOptions()));
    expect(
      await call(t.app, "POST", "/api/user/login/passkey", {
        body: { challengeId: options.data.challengeId, response: wrongKey },
      }),
    ).toMatchObject({ code: 1119, msg: "这个通行密钥不属于本站的账号，可能已被删除" });

    const unknownDevice = new PasskeyAuthenticator();
    unknownDevice.create({ challenge: "eA", rp: { id: "localhost" }, user: { id: "dQ" } });
    expect(await signInWith(unknownDevice)).toMatchObject({ code: 1119 });

    const fresh = await loginOptions();
    const answer = device.get(optionsOf<RequestOptions>(fresh));
    const body = { challengeId: fresh.data.challengeId, response: answer };
    const [first, second] = await Promise.all([
      call(t.app, "POST", "/api/user/login/passkey", { body }),
      call(t.app, "POST", "/api/user/login/passkey", { body }),
    ]);
    expect([first.code, second.code].sort((a, b) => a - b)).toEqual([200, 1117]);

    const copy = device.clone();
    expect(await signInWith(device)).toMatchObject({ code: 200 });
    expect(await signInWith(copy)).toMatchObject({
      code: 1120,
      msg: "这个通行密钥的使用记录异常，可能已被复制，已拒绝使用",
    });
    expect(warnings).toContainEqual(
      expect.objectContaining({
        msg: "passkey refused: its counter went back (a cloned key?)",
        passkeyId: expect.any(Number),
      }),
    );
    expect(await signInWith(device, undefined, { origin: "http://localhost.evil.example" })).toMatchObject({
      code: 1118,
    });
  });

  it("asks an account with two-step sign-in for nothing more: the passkey is both factors", async () => {
    const { user, device } = await withPasskey();
    const setup = await call(t.app, "POST", "/api/user/two-step/setup", {
      token: user.token,
      body: { password: user.password },
    });
    const code = new TOTP({ secret: Secret.fromBase32(setup.data.secret) }).generate();
    await call(t.app, "POST", "/api/user/two-step/enable", { token: user.token, body: { code } });
    expect((await call(t.app, "GET", "/api/user/two-step", { token: user.token })).data.enabled).toBe(true);
    expect((await passwordLogin(user)).code).toBe(1109);
    expect(await signInWith(device)).toMatchObject({ code: 200, data: { token: expect.any(String) } });
  });

  it("is over for every passkey once the password is reset by e-mail: whoever added one loses it", async () => {
    const { user, device } = await withPasskey();
    const emailTicket = await emailTicketFor(t.app, t.dataDir, user.email, "reset_password");
    const reset = await call(t.app, "POST", "/api/user/password/reset", {
      body: { email: user.email, emailTicket, newPassword: "reset-pass9" },
    });
    expect(reset).toMatchObject({ code: 200 });
    expect(await signInWith(device)).toMatchObject({ code: 1119 });
  });
});

describe("the second check with a passkey", () => {
  it("is asked for by an account with a passkey, bound to the session that asked", async () => {
    const { user, device } = await withPasskey();
    const other = (await passwordLogin(user)).data.token as string;
    const payout = (token: string) =>
      call(t.app, "PUT", "/api/user/payout-account", {
        token,
        body: { alipayAccount: "seller@example.com", password: user.password },
      });
    expect(await payout(other)).toMatchObject({ code: 1116, data: { method: "passkey" } });
    expect(
      await call(t.app, "POST", "/api/user/proof", { token: other, body: { password: user.password } }),
    ).toMatchObject({
      status: 400,
      msg: "请使用通行密钥验证",
    });
    const options = await call<WebAuthnOptions>(t.app, "POST", "/api/user/proof/passkey-options", {
      token: user.token,
    });
    const response = device.get(optionsOf<RequestOptions>(options));
    const body = { challengeId: options.data.challengeId, response };
    expect(await call(t.app, "POST", "/api/user/proof", { token: other, body })).toMatchObject({ code: 1117 });
    expect(await proveWithPasskey(user, device, other)).toMatchObject({ code: 200, data: { method: "passkey" } });
    expect(await payout(other)).toMatchObject({ code: 200 });
  });
});

describe("仅通行密钥登录", () => {
  it("needs a passkey and a passkey's proof to switch on, then refuses the password and the e-mail reset", async () => {
    const user = await registerUser(t.app, t.dataDir);
    await proveWithPassword(user);
    const switchTo = (on: boolean) =>
      call<Passkeys>(t.app, "PUT", "/api/user/passkey-only", { token: user.token, body: { on } });
    expect(await switchTo(true)).toMatchObject({ code: 1125, msg: "请先添加一个通行密钥" });
    const device = new PasskeyAuthenticator();
    await addPasskey(user, device);
    // Proven by the password a moment ago: not a passkey's proof.
    expect(await switchTo(true)).toMatchObject({ code: 1116, data: { method: "passkey" } });
    await proveWithPasskey(user, device);
    expect(await switchTo(true)).toMatchObject({ code: 200, msg: "已开启仅通行密钥登录", data: { passkeyOnly: true } });

    expect(await passwordLogin(user)).toMatchObject({
      code: 1121,
      msg: "该账号已开启仅通行密钥登录，请使用通行密钥登录",
    });
    const byEmail = await call(t.app, "POST", "/api/user/login/email", {
      body: { email: user.email, password: user.password },
    });
    expect(byEmail.code).toBe(1121);
    const emailTicket = await emailTicketFor(t.app, t.dataDir, user.email, "reset_password");
    const reset = await call(t.app, "POST", "/api/user/password/reset", {
      body: { email: user.email, emailTicket, newPassword: "another123" },
    });
    expect(reset).toMatchObject({ code: 1121 });
    expect(reset.msg).toContain("不能用邮箱重置密码");
    expect(await signInWith(device)).toMatchObject({ code: 200 });

    const [only] = (await listOf(user)).passkeys;
    const removeLast = await call(t.app, "DELETE", `/api/user/passkeys/${only?.id}`, { token: user.token });
    expect(removeLast).toMatchObject({ code: 1122, msg: "仅通行密钥登录开启时，至少要保留一个通行密钥" });
    expect(await switchTo(false)).toMatchObject({ code: 200, data: { passkeyOnly: false } });
    expect(await passwordLogin(user)).toMatchObject({ code: 200 });
    expect(await call(t.app, "DELETE", `/api/user/passkeys/${only?.id}`, { token: user.token })).toMatchObject({
      code: 200,
    });
    expect(await signInWith(device)).toMatchObject({ code: 1119 });
  });

  it("makes a two-step ticket the password gave before it was switched on open nothing", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const setup = await call(t.app, "POST", "/api/user/two-step/setup", {
      token: user.token,
      body: { password: user.password },
    });
    const totp = new TOTP({ secret: Secret.fromBase32(setup.data.secret) });
    await call(t.app, "POST", "/api/user/two-step/enable", { token: user.token, body: { code: totp.generate() } });
    const ticket = (await passwordLogin(user)).data.twoStepTicket as string;
    expect(ticket).toEqual(expect.any(String));
    // 身份验证 of an account with two-step sign-in is a code (withPasskeyOnly's password proof is refused).
    const proof = { code: totp.generate({ timestamp: Date.now() + 30_000 }) };
    await call(t.app, "POST", "/api/user/proof", { token: user.token, body: proof });
    await withPasskeyOnly(t.app, user);
    const code = totp.generate({ timestamp: Date.now() + 60_000 });
    expect(
      await call(t.app, "POST", "/api/user/login/two-step", { body: { twoStepTicket: ticket, code } }),
    ).toMatchObject({ code: 1121 });
  });

  it("keeps one passkey when its last two are removed at once", async () => {
    const { user, device } = await withPasskey();
    await addPasskey(user, new PasskeyAuthenticator(), "平板");
    await proveWithPasskey(user, device);
    await call(t.app, "PUT", "/api/user/passkey-only", { token: user.token, body: { on: true } });
    const ids = (await listOf(user)).passkeys.map((key) => key.id);
    const replies = await Promise.all(
      ids.map((id) => call(t.app, "DELETE", `/api/user/passkeys/${id}`, { token: user.token })),
    );
    expect(replies.map((reply) => reply.code).sort((a, b) => a - b)).toEqual([200, 1122]);
    expect((await listOf(user)).passkeys).toHaveLength(1);
  });

  it("lets no one remove another account's passkey", async () => {
    const owner = await withPasskey();
    const other = await registerUser(t.app, t.dataDir);
    await proveWithPassword(other);
    const reply = await call(t.app, "DELETE", `/api/user/passkeys/${owner.passkey.id}`, { token: other.token });
    expect(reply).toMatchObject({ status: 404, msg: "通行密钥不存在或已删除" });
    expect((await listOf(owner.user)).passkeys).toHaveLength(1);
  });
});
