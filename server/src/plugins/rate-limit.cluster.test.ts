import { randomBytes } from "node:crypto";
import { RateLimits } from "@xianzhi/contract";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../test-support/accounts.js";
import { createAppPair } from "../test-support/app-pair.js";
import { redisServer } from "../test-support/redis-server.js";
import { createTestApp, type TestApp } from "../test-support/test-app.js";

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  // Keys of their own in the shared Redis; they expire with their windows.
  const env = {
    REDIS_URL: process.env.TEST_REDIS_URL as string,
    REDIS_CHANNEL: `xianzhi:test:${randomBytes(4).toString("hex")}`,
    RATE_LIMIT_PREFIX: `xianzhi:test:${randomBytes(4).toString("hex")}:`,
    RATE_LIMIT_MULTIPLIER: "1",
  };
  [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
});
afterAll(() => Promise.all([a?.close(), b?.close()]));

const captcha = (t: TestApp, remoteAddress: string) =>
  t.app.inject({ method: "GET", url: "/api/com/captcha", remoteAddress });

describe("request limits across two server processes on one Redis", () => {
  it("share one count per address", async () => {
    const { max, windowSeconds } = RateLimits.captchaPerAddress;
    for (let i = 0; i < max; i += 1) {
      expect((await captcha(i % 2 ? a : b, "192.0.2.7")).statusCode).toBe(200);
    }
    for (const t of [a, b]) {
      const refused = await captcha(t, "192.0.2.7");
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(windowSeconds);
      expect(refused.json()).toMatchObject({ code: 429, data: { retryAfterSeconds: expect.any(Number) } });
    }
    expect((await captcha(a, "192.0.2.8")).statusCode).toBe(200);
  });

  it("keep no e-mail address in Redis: an inbox is counted by its hash", async () => {
    const email = "inbox.owner@example.com";
    const asked = await a.app.inject({
      method: "POST",
      url: "/api/com/email",
      payload: { email, captchaTicket: "made-up", purpose: "register" },
      remoteAddress: "192.0.2.9",
    });
    expect(asked.json()).toMatchObject({ code: 1003 });
    const redis = new Redis(process.env.TEST_REDIS_URL as string);
    try {
      const keys = await redis.keys(`${a.config.rateLimitPrefix}*`);
      expect(keys.some((key) => key.includes("to:"))).toBe(true);
      expect(keys.filter((key) => key.includes("@") || key.includes("inbox.owner"))).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });
});

describe("per-account write limits across two server processes on one Redis", () => {
  it("share one count per account, whichever process a call reaches", async () => {
    const pair = await createAppPair(process.env.TEST_REDIS_URL as string, {
      RATE_LIMIT_PREFIX: `xianzhi:test:${randomBytes(4).toString("hex")}:`,
      RATE_LIMIT_MULTIPLIER: "1",
    });
    try {
      const seller = await registerUser(pair.a.app, pair.a.dataDir);
      const [fan, other] = [
        await registerUser(pair.a.app, pair.a.dataDir),
        await registerUser(pair.a.app, pair.a.dataDir),
      ];
      const follow = (app: typeof pair.b, token: string, i: number) =>
        app.inject({
          method: i % 2 === 0 ? "POST" : "DELETE",
          url: i % 2 === 0 ? "/api/follows" : `/api/follows/${seller.id}`,
          ...(i % 2 === 0 && { payload: { userId: seller.id } }),
          headers: { authorization: `Bearer ${token}` },
        });
      const { max, windowSeconds } = RateLimits.followPerUser;
      for (let i = 0; i < max; i += 1) {
        expect((await follow(i % 2 ? pair.a.app : pair.b, fan.token, i)).statusCode).toBe(200);
      }
      for (const app of [pair.a.app, pair.b]) {
        const refused = await follow(app, fan.token, max);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(windowSeconds);
        expect(refused.json()).toMatchObject({ code: 429, data: { retryAfterSeconds: expect.any(Number) } });
      }
      expect((await follow(pair.b, other.token, 0)).statusCode).toBe(200);
    } finally {
      await pair.close();
    }
  });
});

describe("request limits while Redis is away", () => {
  it("let requests through uncounted, without waiting for Redis", async () => {
    const redis = await redisServer();
    const t = await createTestApp({ REDIS_URL: redis.url, RATE_LIMIT_MULTIPLIER: "1" });
    try {
      for (let i = 0; i < RateLimits.captchaPerAddress.max; i += 1) await captcha(t, "192.0.2.9");
      expect((await captcha(t, "192.0.2.9")).statusCode).toBe(429);
      await redis.stop();
      const started = performance.now();
      for (let i = 0; i < 5; i += 1) expect((await captcha(t, "192.0.2.9")).statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      await redis.stop();
      await t.close();
    }
  }, 30_000);
});
