import { type IdentityProof, TwoStepLimits, type TwoStepSetup } from "@xianzhi/contract";
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

/**
 * 身份验证 before a change of money or identity: an account with two-step sign-in proves it with a
 * code, bound to the session and good for five minutes; one without gives its password, which the
 * contract's calls already carry. The clock is moved, never waited on.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const PERIOD_MS = TwoStepLimits.periodSeconds * 1000;
const codeAt = (secret: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: TwoStepLimits.periodSeconds }).generate({ timestamp: ms });

/** A new account with two-step sign-in on, the clock 1 s into a time step: answers its secret. */
async function withTwoStep(): Promise<RegisteredUser & { secret: string }> {
  vi.useFakeTimers({ toFake: ["Date"], now: Math.ceil(Date.now() / PERIOD_MS) * PERIOD_MS + 1000 });
  const user = await registerUser(t.app, t.dataDir);
  const setup = await call<TwoStepSetup>(t.app, "POST", "/api/user/two-step/setup", {
    token: user.token,
    body: { password: user.password },
  });
  const { secret } = setup.data;
  await call(t.app, "POST", "/api/user/two-step/enable", {
    token: user.token,
    body: { code: codeAt(secret, Date.now()) },
  });
  return { ...user, secret };
}

const prove = (token: string, body: { password?: string; code?: string }) =>
  call<IdentityProof>(t.app, "POST", "/api/user/proof", { token, body });

const setPayout = (user: RegisteredUser, token = user.token) =>
  call(t.app, "PUT", "/api/user/payout-account", {
    token,
    body: { alipayAccount: "seller@example.com", password: user.password },
  });

describe("身份验证", () => {
  it("is the password for an account without two-step sign-in, which the change carries itself", async () => {
    const user = await registerUser(t.app, t.dataDir);
    expect((await call(t.app, "GET", "/api/user/proof", { token: user.token })).data).toEqual({
      method: "password",
      provenUntil: null,
    });
    expect(await setPayout(user)).toMatchObject({ code: 200 });
    expect(await prove(user.token, { password: "wrong-pass1" })).toMatchObject({ code: 1106, msg: "当前密码错误" });
    expect(await prove(user.token, {})).toMatchObject({ status: 400, msg: "请输入当前密码" });
    const proven = await prove(user.token, { password: user.password });
    expect(proven).toMatchObject({ code: 200, msg: "身份验证成功", data: { method: "password" } });
    expect(Date.parse(proven.data.provenUntil ?? "") - Date.now()).toBeGreaterThan(4.9 * 60_000);
  });

  it("asks an account with two-step sign-in for a code before its payout account changes, even with the password", async () => {
    const user = await withTwoStep();
    expect(await setPayout(user)).toMatchObject({
      code: 1116,
      msg: "为保护账号安全，请先验证身份",
      data: { method: "two_step" },
    });
    expect((await call(t.app, "GET", "/api/user/payout-account", { token: user.token })).data.alipayAccount).toBeNull();
    // The password is not the proof such an account gives.
    expect(await prove(user.token, { password: user.password })).toMatchObject({
      status: 400,
      msg: "请输入两步验证码或恢复码",
    });
    expect(await prove(user.token, { code: "000000" })).toMatchObject({ code: 1110 });
    const proven = await prove(user.token, { code: codeAt(user.secret, Date.now() + PERIOD_MS) });
    expect(proven.data).toEqual({
      method: "two_step",
      provenUntil: new Date(Date.now() + TwoStepLimits.proofTtlSeconds * 1000).toISOString(),
    });
    expect(await setPayout(user)).toMatchObject({ code: 200 });
  });

  it("holds for the session that proved it, for five minutes", async () => {
    const user = await withTwoStep();
    const provenAt = Date.now();
    await prove(user.token, { code: codeAt(user.secret, provenAt + PERIOD_MS) });

    // Another session of the same account (a stolen token, say) is not proven by it.
    vi.setSystemTime(provenAt + 2 * PERIOD_MS);
    const login = await call(t.app, "POST", "/api/user/login/username", {
      body: { username: user.username, password: user.password },
    });
    const other = await call(t.app, "POST", "/api/user/login/two-step", {
      body: { twoStepTicket: login.data.twoStepTicket, code: codeAt(user.secret, Date.now()) },
    });
    expect(await setPayout(user, other.data.token)).toMatchObject({ code: 1116 });

    vi.setSystemTime(provenAt + TwoStepLimits.proofTtlSeconds * 1000 - 1000);
    expect(await setPayout(user)).toMatchObject({ code: 200 });
    vi.setSystemTime(provenAt + TwoStepLimits.proofTtlSeconds * 1000 + 1000);
    expect(await setPayout(user)).toMatchObject({ code: 1116 });
    expect((await call(t.app, "GET", "/api/user/proof", { token: user.token })).data.provenUntil).toBeNull();
  });

  it("guards the password, the e-mail and closing the account of an account with two-step sign-in", async () => {
    const user = await withTwoStep();
    const changes = [
      () =>
        call(t.app, "PUT", "/api/user/password", {
          token: user.token,
          body: { oldPassword: user.password, newPassword: "secret456" },
        }),
      () =>
        call(t.app, "PUT", "/api/user/email", {
          token: user.token,
          body: { email: `new-${user.email}`, emailTicket: "not-checked-yet", password: user.password },
        }),
      () => call(t.app, "POST", "/api/user/delete", { token: user.token, body: { password: user.password } }),
    ];
    for (const change of changes) expect(await change()).toMatchObject({ code: 1116, data: { method: "two_step" } });
    await prove(user.token, { code: codeAt(user.secret, Date.now() + PERIOD_MS) });
    expect(await changes[0]?.()).toMatchObject({ code: 200 });
  });
});
