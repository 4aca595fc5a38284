import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { RateLimits } from "@xianzhi/contract";
import type { InjectOptions } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RegisteredUser, registerUser, solveCaptcha } from "../test-support/accounts.js";
import { createTestApp, type TestApp } from "../test-support/test-app.js";

let t: TestApp;
let user: RegisteredUser;
let passwordGuesser: RegisteredUser;
let webDist: string;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-web-"));
  await fs.mkdir(path.join(webDist, "assets"));
  await fs.writeFile(path.join(webDist, "index.html"), "<!doctype html><title>闲置</title><div id=root></div>");
  await fs.writeFile(path.join(webDist, "assets", "app.js"), "console.log(1)");
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: "1", WEB_DIST: webDist });
  user = await registerUser(t.app, t.dataDir);
  passwordGuesser = await registerUser(t.app, t.dataDir);
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

let nextAddress = 1;
/** Each case calls from addresses of its own, so counts do not carry over between cases. */
const newAddress = () => `198.51.100.${nextAddress++}`;

interface Call {
  method: InjectOptions["method"];
  url: string;
  body?: Record<string, unknown>;
  /** Signed in as this user. */
  as?: () => RegisteredUser;
}

let sent = 0;
function send(request: Call, remoteAddress: string) {
  sent += 1;
  return t.app.inject({
    method: request.method,
    url: request.url,
    remoteAddress,
    // Each call to another inbox, so the per-recipient limit of e-mail codes stays out of the way.
    ...(request.method !== "GET" && { payload: { email: `reader${sent}@example.com`, ...request.body } }),
    headers: request.as ? { authorization: `Bearer ${request.as().token}` } : {},
  });
}

/** A 429 envelope whose wait is `waitSeconds` (less the few seconds the test took). */
async function expectRefused(reply: Awaited<ReturnType<typeof send>>, waitSeconds: number) {
  expect(reply.statusCode).toBe(429);
  const retryAfter = Number(reply.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(waitSeconds - 5);
  expect(retryAfter).toBeLessThanOrEqual(waitSeconds);
  const wait = retryAfter < 60 ? `${retryAfter} 秒` : `${Math.ceil(retryAfter / 60)} 分钟`;
  expect(reply.json()).toEqual({
    code: 429,
    msg: `请求过于频繁，请 ${wait}后再试`,
    data: { retryAfterSeconds: retryAfter },
  });
}

/** Calls that a limit counts; most are refused by validation, which costs the limit all the same. */
const limited: [keyof typeof RateLimits, Call][] = [
  ["captchaPerAddress", { method: "GET", url: "/api/com/captcha" }],
  ["captchaConfirmPerAddress", { method: "POST", url: "/api/com/confirmcaptcha" }],
  ["emailCodePerAddress", { method: "POST", url: "/api/com/email" }],
  ["registerPerAddress", { method: "POST", url: "/api/user/reg" }],
  ["passwordResetPerAddress", { method: "POST", url: "/api/user/password/reset" }],
  ["loginPerAddress", { method: "POST", url: "/api/user/login/username" }],
  ["uploadPerUser", { method: "POST", url: "/api/com/upload", as: () => user }],
  ["goodsPostPerUser", { method: "POST", url: "/api/goods/", as: () => user }],
  ["commentPerUser", { method: "POST", url: "/api/goodscomment/", as: () => user }],
  ["passwordCheckPerUser", { method: "PUT", url: "/api/user/password", as: () => user }],
  ["passwordCheckPerUser", { method: "PUT", url: "/api/user/email", as: () => passwordGuesser }],
  ["apiPerAddress", { method: "GET", url: "/api/user/getinfo" }],
];

describe("request limits", () => {
  it.each(limited)("%s: answers until the limit, then 429 with Retry-After", async (name, request) => {
    const { max, windowSeconds } = RateLimits[name];
    const address = newAddress();
    for (let i = 0; i < max; i += 1) expect((await send(request, address)).statusCode).not.toBe(429);
    await expectRefused(await send(request, address), windowSeconds);
  });

  it("counts signed-in calls per account, whatever the address", async () => {
    const commenter = await registerUser(t.app, t.dataDir);
    const request: Call = { method: "POST", url: "/api/goodscomment/", as: () => commenter };
    for (let i = 0; i < RateLimits.commentPerUser.max; i += 1) {
      expect((await send(request, newAddress())).statusCode).not.toBe(429);
    }
    await expectRefused(await send(request, newAddress()), RateLimits.commentPerUser.windowSeconds);
  });

  it("counts an IPv6 client by its /64, so taking a new address each time does not help", async () => {
    const request: Call = { method: "GET", url: "/api/com/captcha" };
    const { max, windowSeconds } = RateLimits.captchaPerAddress;
    for (let i = 1; i <= max; i += 1)
      expect((await send(request, `2001:db8:7:7::${i.toString(16)}`)).statusCode).toBe(200);
    await expectRefused(await send(request, "2001:db8:7:7:ffff::1"), windowSeconds);
    expect((await send(request, "2001:db8:7:8::1")).statusCode).toBe(200);
  });

  it("counts both sign-in calls together and lets another address in", async () => {
    const address = newAddress();
    const byName = { method: "POST", url: "/api/user/login/username" } as const;
    const byEmail = { method: "POST", url: "/api/user/login/email" } as const;
    for (let i = 0; i < RateLimits.loginPerAddress.max; i += 1) await send(i % 2 ? byName : byEmail, address);
    expect((await send(byEmail, address)).statusCode).toBe(429);
    expect((await send(byEmail, newAddress())).statusCode).toBe(400);
  });

  it("answers again once the window has passed", async () => {
    const commenter = await registerUser(t.app, t.dataDir);
    const request: Call = { method: "POST", url: "/api/goodscomment/", as: () => commenter };
    const address = newAddress();
    for (let i = 0; i < RateLimits.commentPerUser.max; i += 1) await send(request, address);
    expect((await send(request, address)).statusCode).toBe(429);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + RateLimits.commentPerUser.windowSeconds * 1000 + 1000 });
    expect((await send(request, address)).statusCode).toBe(400);
  });

  it("does not count the web app's files", async () => {
    const address = newAddress();
    for (let i = 0; i < RateLimits.apiPerAddress.max + 1; i += 1) {
      expect((await send({ method: "GET", url: "/assets/app.js" }, address)).statusCode).toBe(200);
    }
  });
});

describe("e-mail codes", () => {
  const sendCode = async (email: string, remoteAddress: string) => {
    const captchaTicket = await solveCaptcha(t.app);
    return send(
      { method: "POST", url: "/api/com/email", body: { email, captchaTicket, purpose: "register" } },
      remoteAddress,
    );
  };

  it(`mails one inbox at most ${RateLimits.emailCodePerRecipient.max} codes an hour, from any addresses`, async () => {
    const inbox = "flooded@example.com";
    let now = Date.now();
    for (let i = 0; i < RateLimits.emailCodePerRecipient.max; i += 1) {
      // Past the 60-second wait between two codes to one address, which is a rule of its own.
      now += 61_000;
      vi.useFakeTimers({ toFake: ["Date"], now });
      expect((await sendCode(inbox, newAddress())).json()).toMatchObject({ code: 200 });
    }
    now += 61_000;
    vi.useFakeTimers({ toFake: ["Date"], now });
    const { max, windowSeconds } = RateLimits.emailCodePerRecipient;
    await expectRefused(await sendCode(inbox.toUpperCase(), newAddress()), windowSeconds - max * 61);
    expect((await sendCode("someone.else@example.com", newAddress())).json()).toMatchObject({ code: 200 });
  });
});
