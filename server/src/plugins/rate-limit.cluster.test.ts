import { randomBytes } from "node:crypto";
import { RateLimits } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
});
