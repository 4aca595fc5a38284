import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no",
  ]);
  for (let i = 0; i < 50; i += 1) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error("redis-server did not start");
}

describe("request limits while Redis is away", () => {
  it("let requests through uncounted, without waiting for Redis", async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_MULTIPLIER: "1" });
    try {
      for (let i = 0; i < RateLimits.captchaPerAddress.max; i += 1) await captcha(t, "192.0.2.9");
      expect((await captcha(t, "192.0.2.9")).statusCode).toBe(429);
      await new Promise((resolve) => {
        redis.once("exit", resolve);
        redis.kill("SIGKILL");
      });
      const started = performance.now();
      for (let i = 0; i < 5; i += 1) expect((await captcha(t, "192.0.2.9")).statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      redis.kill("SIGKILL");
      await t.close();
    }
  }, 30_000);
});
