import { type RecoveryCodes, type TwoStepChallenge, TwoStepLimits, type TwoStepSetup } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.js";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

/**
 * 两步验证 on two processes sharing one database: set up with the password, on after a first code,
 * then asked for after the password; each code once, recovery codes once each, five wrong codes
 * lock the second step for fifteen minutes on every process. The clock is moved, never waited on.
 */
let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp(t.config, { database: t.database, logger: false });
});
afterAll(async () => {
  await other.close();
  await t.close();
});
afterEach(() => vi.useRealTimers());

const PERIOD_MS = TwoStepLimits.periodSeconds * 1000;

/** A moment 1 s into a time step, so a step later is a whole period later. */
function startClock(): number {
  const now = Math.ceil(Date.now() / PERIOD_MS) * PERIOD_MS + 1000;
  vi.useFakeTimers({ toFake: ["Date"], now });
  return now;
}

/** What the authenticator app shows for the secret at the clock's time. */
const codeNow = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: TwoStepLimits.periodSeconds }).generate({
    timestamp: Date.now(),
  });

const passThePeriod = () => vi.setSystemTime(Date.now() + PERIOD_MS);

interface TwoStepUser extends RegisteredUser {
  secret: string;
  recoveryCodes: string[];
}

const setUp = (user: RegisteredUser, password = user.password) =>
  call<TwoStepSetup>(t.app, "POST", "/api/user/two-step/setup", { token: user.token, body: { password } });
const enable = (user: RegisteredUser, code: string) =>
  call<RecoveryCodes>(t.app, "POST", "/api/user/two-step/enable", { token: user.token, body: { code } });

/** A new account with two-step sign-in on, as the personal centre turns it on. */
async function withTwoStep(): Promise<TwoStepUser> {
  const user = await registerUser(t.app, t.dataDir);
  const setup = await setUp(user);
  expect(setup.code).toBe(200);
  const enabled = await enable(user, codeNow(setup.data.secret));
  expect(enabled).toMatchObject({ code: 200, msg: "两步验证已开启" });
  return { ...user, secret: setup.data.secret, recoveryCodes: enabled.data.recoveryCodes };
}

const passwordStep = (app: FastifyInstance, user: RegisteredUser) =>
  call<TwoStepChallenge>(app, "POST", "/api/user/login/username", {
    body: { username: user.username, password: user.password },
  });

async function ticketOf(user: RegisteredUser, app = t.app): Promise<string> {
  const reply = await passwordStep(app, user);
  expect(reply).toMatchObject({ status: 200, code: 1109, msg: "请输入两步验证码" });
  return reply.data.twoStepTicket;
}

const secondStep = (twoStepTicket: string, code: string, app = t.app) =>
  call(app, "POST", "/api/user/login/two-step", { body: { twoStepTicket, code } });

const statusOf = async (token: string) => (await call(t.app, "GET", "/api/user/two-step", { token })).data;

describe("turning two-step sign-in on", () => {
  it("asks for the password, then a first code from the app, and shows ten recovery codes once", async () => {
    startClock();
    const user = await registerUser(t.app, t.dataDir);
    expect(await statusOf(user.token)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    expect(await setUp(user, "not-it-123")).toMatchObject({ code: 1106, msg: "当前密码错误" });
    expect(await enable(user, "123456")).toMatchObject({ code: 1114 });

    const setup = await setUp(user);
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.otpauthUri).toBe(
      `otpauth://totp/%E9%97%B2%E7%BD%AE:${user.username}?issuer=%E9%97%B2%E7%BD%AE&secret=${setup.data.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    // Set up, not on: the password alone still signs in.
    expect(await statusOf(user.token)).toMatchObject({ enabled: false });
    expect(await passwordStep(t.app, user)).toMatchObject({ code: 200 });

    expect(await enable(user, "000000")).toMatchObject({ code: 1110 });
    const enabled = await enable(user, codeNow(setup.data.secret));
    expect(enabled.code).toBe(200);
    expect(new Set(enabled.data.recoveryCodes).size).toBe(10);
    for (const code of enabled.data.recoveryCodes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    expect(await statusOf(user.token)).toEqual({
      enabled: true,
      enabledAt: new Date().toISOString(),
      recoveryCodesLeft: 10,
    });

    // On: a second set-up would replace the secret the app holds, so it is refused.
    expect(await setUp(user)).toMatchObject({ code: 1113, msg: "两步验证已开启" });
  });
});

describe("signing in with two-step sign-in on", () => {
  it("answers a right password with a ticket, not a token, and the ticket and a code with the token", async () => {
    startClock();
    const user = await withTwoStep();
    const challenge = await passwordStep(t.app, user);
    expect(challenge).toMatchObject({ code: 1109, data: { expiresAt: expect.any(String) } });
    expect(challenge.data).not.toHaveProperty("token");
    // A wrong password still says only that.
    const wrongPassword = await call(t.app, "POST", "/api/user/login/username", {
      body: { username: user.username, password: "wrong-pass1" },
    });
    expect(wrongPassword).toMatchObject({ code: 1104 });

    passThePeriod();
    const signedIn = await secondStep(challenge.data.twoStepTicket, codeNow(user.secret), other);
    expect(signedIn).toMatchObject({ status: 200, code: 200, msg: "登录成功" });
    expect((await call(t.app, "GET", "/api/user/getinfo", { token: signedIn.data.token })).data.id).toBe(user.id);
    // The ticket is used up.
    expect(await secondStep(challenge.data.twoStepTicket, codeNow(user.secret))).toMatchObject({ code: 1112 });
  });

  it("accepts a code once: the same code again is a replay, on any process", async () => {
    startClock();
    const user = await withTwoStep();
    // The code that turned it on was spent doing so.
    expect(await secondStep(await ticketOf(user), codeNow(user.secret))).toMatchObject({
      code: 1111,
      msg: "这个验证码已用过，请等待验证器显示下一个",
    });
    passThePeriod();
    const code = codeNow(user.secret);
    expect(await secondStep(await ticketOf(user), code)).toMatchObject({ code: 200 });
    expect(await secondStep(await ticketOf(user, other), code, other)).toMatchObject({ code: 1111 });
    // Nor is an older one taken after a newer one: the one before is inside the window, but spent.
    vi.setSystemTime(Date.now() - PERIOD_MS);
    const older = codeNow(user.secret);
    vi.setSystemTime(Date.now() + PERIOD_MS);
    expect(await secondStep(await ticketOf(user), older)).toMatchObject({ code: 1111 });
  });

  it("accepts a code from the step before or after, as a phone's clock drifts, and none further off", async () => {
    const now = startClock();
    const user = await withTwoStep();
    vi.setSystemTime(now + 3 * PERIOD_MS);
    const fast = codeNow(user.secret);
    vi.setSystemTime(now + 2 * PERIOD_MS);
    expect(await secondStep(await ticketOf(user), fast)).toMatchObject({ code: 200 });
    vi.setSystemTime(now + 10 * PERIOD_MS);
    const farAhead = codeNow(user.secret);
    vi.setSystemTime(now + 5 * PERIOD_MS);
    expect(await secondStep(await ticketOf(user), farAhead)).toMatchObject({
      code: 1110,
      msg: "两步验证码不正确，还可以再试 4 次",
    });
  });

  it("takes each recovery code once, typed with or without its dash, in either case", async () => {
    startClock();
    const user = await withTwoStep();
    const [first = "", second = ""] = user.recoveryCodes;
    expect(await secondStep(await ticketOf(user), first.toLowerCase().replace("-", ""))).toMatchObject({ code: 200 });
    expect(await secondStep(await ticketOf(user), first)).toMatchObject({ code: 1111 });
    expect(await secondStep(await ticketOf(user), second)).toMatchObject({ code: 200 });
    expect(await statusOf(user.token)).toMatchObject({ recoveryCodesLeft: 8 });
    expect(await secondStep(await ticketOf(user), "ABCDE-FGHJK")).toMatchObject({ code: 1110 });
  });

  it("ends the ticket after five minutes: the password again", async () => {
    const now = startClock();
    const user = await withTwoStep();
    const ticket = await ticketOf(user);
    vi.setSystemTime(now + TwoStepLimits.ticketTtlSeconds * 1000 + 1);
    expect(await secondStep(ticket, codeNow(user.secret))).toMatchObject({
      code: 1112,
      msg: "登录已超时，请重新输入密码",
    });
    expect(await secondStep("no-such-ticket", "123456")).toMatchObject({ code: 1112 });
  });

  it("refuses codes of the wrong shape with a 400 that says what to type", async () => {
    startClock();
    const user = await withTwoStep();
    const ticket = await ticketOf(user);
    for (const code of ["12345", "1234567", "12a456", "ABCD-EFGH", "", "１２３４５６"]) {
      expect(await secondStep(ticket, code)).toMatchObject({
        status: 400,
        code: 400,
        msg: "请输入 6 位验证码或 10 位恢复码",
      });
    }
    // None of them counted: five tries are still left.
    expect(await secondStep(ticket, "000000")).toMatchObject({ msg: "两步验证码不正确，还可以再试 4 次" });
  });

  it("locks the second step for fifteen minutes after five wrong codes, on every process", async () => {
    const now = startClock();
    const user = await withTwoStep();
    passThePeriod();
    const wrongCode = codeNow(user.secret) === "000000" ? "111111" : "000000";
    for (const left of [4, 3, 2, 1]) {
      expect(await secondStep(await ticketOf(user), wrongCode)).toMatchObject({
        msg: `两步验证码不正确，还可以再试 ${left} 次`,
      });
    }
    const fifth = await call(t.app, "POST", "/api/user/login/two-step", {
      body: { twoStepTicket: await ticketOf(user), code: wrongCode },
    });
    expect(fifth).toMatchObject({ status: 429, code: 429, msg: "两步验证码错误次数过多，请 15 分钟后再试" });
    // The right code now changes nothing, on the other process too, nor does a recovery code.
    const locked = await secondStep(await ticketOf(user, other), codeNow(user.secret), other);
    expect(locked).toMatchObject({ status: 429, data: { retryAfterSeconds: 15 * 60 } });
    expect(await secondStep(await ticketOf(user), user.recoveryCodes[0] ?? "")).toMatchObject({ status: 429 });

    vi.setSystemTime(now + PERIOD_MS + TwoStepLimits.lockSeconds * 1000 - 1000);
    expect(await secondStep(await ticketOf(user), codeNow(user.secret))).toMatchObject({
      status: 429,
      msg: "两步验证码错误次数过多，请 1 分钟后再试",
    });
    vi.setSystemTime(now + PERIOD_MS + TwoStepLimits.lockSeconds * 1000 + 1000);
    expect(await secondStep(await ticketOf(user), codeNow(user.secret))).toMatchObject({ code: 200 });
    // The count starts again from nothing.
    expect(await secondStep(await ticketOf(user), wrongCode)).toMatchObject({
      msg: "两步验证码不正确，还可以再试 4 次",
    });
  });

  it("checks no more than five of many guesses sent at once", async () => {
    startClock();
    const user = await withTwoStep();
    // The passwords one after another: sent at once they would meet the sign-in throttle instead.
    const tickets: string[] = [];
    for (let i = 0; i < 12; i += 1) tickets.push(await ticketOf(user));
    const guesses = tickets.map((ticket, i) => secondStep(ticket, String(100000 + i * 7919), i % 2 ? other : t.app));
    const replies = await Promise.all(guesses);
    const checked = replies.filter((reply) => reply.code === 1110 || reply.code === 200);
    expect(checked.length).toBeLessThanOrEqual(TwoStepLimits.failuresBeforeLock);
    expect(replies.filter((reply) => reply.status === 429).length).toBeGreaterThanOrEqual(7);
    passThePeriod();
    expect(await secondStep(await ticketOf(user), codeNow(user.secret))).toMatchObject({ status: 429 });
  });

  it("gives one session for one ticket and code sent twice at once", async () => {
    startClock();
    const user = await withTwoStep();
    passThePeriod();
    const ticket = await ticketOf(user);
    const code = codeNow(user.secret);
    const replies = await Promise.all([secondStep(ticket, code), secondStep(ticket, code, other)]);
    expect(replies.filter((reply) => reply.code === 200)).toHaveLength(1);
    const sessions = await t.app.db.selectFrom("sessions").select("id").where("userId", "=", Number(user.id)).execute();
    // The one made at registration, and this one.
    expect(sessions).toHaveLength(2);
  });
});

describe("recovery codes and turning it off", () => {
  it("makes ten new recovery codes for a code from the app; the old ones stop working", async () => {
    startClock();
    const user = await withTwoStep();
    passThePeriod();
    const renewed = await call<RecoveryCodes>(t.app, "POST", "/api/user/two-step/recovery-codes", {
      token: user.token,
      body: { code: codeNow(user.secret) },
    });
    expect(renewed.data.recoveryCodes).toHaveLength(10);
    expect(await secondStep(await ticketOf(user), user.recoveryCodes[0] ?? "")).toMatchObject({ code: 1110 });
    expect(await secondStep(await ticketOf(user), renewed.data.recoveryCodes[0] ?? "")).toMatchObject({ code: 200 });
  });

  it("turns off with the password and a code, and the password alone signs in again", async () => {
    startClock();
    const user = await withTwoStep();
    passThePeriod();
    const disable = (body: { password: string; code: string }) =>
      call(t.app, "POST", "/api/user/two-step/disable", { token: user.token, body });
    expect(await disable({ password: "wrong-pass1", code: codeNow(user.secret) })).toMatchObject({ code: 1106 });
    expect(await disable({ password: user.password, code: "000001" })).toMatchObject({ code: 1110 });
    expect(await statusOf(user.token)).toMatchObject({ enabled: true });
    expect(await disable({ password: user.password, code: codeNow(user.secret) })).toMatchObject({
      code: 200,
      msg: "两步验证已关闭",
    });
    expect(await statusOf(user.token)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(await passwordStep(t.app, user)).toMatchObject({ code: 200 });
    expect(await disable({ password: user.password, code: "123456" })).toMatchObject({ code: 1115 });
  });

  it("needs a signed-in caller for every call but the second step of sign-in", async () => {
    for (const [method, url] of [
      ["GET", "/api/user/two-step"],
      ["POST", "/api/user/two-step/setup"],
      ["POST", "/api/user/two-step/enable"],
      ["POST", "/api/user/two-step/recovery-codes"],
      ["POST", "/api/user/two-step/disable"],
    ] as const) {
      expect(await call(t.app, method, url, { body: {} })).toMatchObject({ status: 401 });
    }
  });
});
