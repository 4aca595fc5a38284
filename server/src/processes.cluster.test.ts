import { AccountLimits } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutboxCode, registerUser } from "./test-support/accounts.js";
import { type AppPair, createAppPair } from "./test-support/app-pair.js";
import { postGoods } from "./test-support/goods.js";
import { call } from "./test-support/test-app.js";

/**
 * Two server apps on one database and one Redis, each call going to either as a load balancer
 * would send it: nothing a client needs may live in one process's memory.
 */
const CACHE_MS = 400;
let pair: AppPair;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  pair = await createAppPair(process.env.TEST_REDIS_URL as string, { RESPONSE_CACHE_MS: String(CACHE_MS) });
  a = pair.a.app;
  b = pair.b;
});
afterAll(() => pair?.close());

describe("state shared by two server processes", () => {
  it("registers with a captcha drawn on one process and answered on the other, the e-mail code likewise", async () => {
    const captcha = await call(a, "GET", "/api/com/captcha");
    const { answer } = await a.db
      .selectFrom("captchas")
      .select("answer")
      .where("id", "=", captcha.data.captchaId)
      .executeTakeFirstOrThrow();
    const confirmed = await call(b, "POST", "/api/com/confirmcaptcha", {
      body: { captchaId: captcha.data.captchaId, code: answer },
    });
    expect(confirmed.code).toBe(200);
    const email = "across@example.com";
    const sent = await call(a, "POST", "/api/com/email", {
      body: { email, captchaTicket: confirmed.data.captchaTicket, purpose: "register" },
    });
    expect(sent.code).toBe(200);
    const code = await readOutboxCode(pair.a.dataDir, email);
    const ticket = await call(b, "POST", "/api/com/confirmemail", { body: { email, code, purpose: "register" } });
    const registered = await call(a, "POST", "/api/user/reg", {
      body: { username: "across", password: "secret123", email, emailTicket: ticket.data.emailTicket },
    });
    expect(registered.code).toBe(200);
    expect(await call(b, "GET", "/api/user/getinfo", { token: registered.data.token })).toMatchObject({
      code: 200,
      data: { username: "across" },
    });
  });

  it("keeps a session signed in on one process valid on the other, and ends it on both at sign-out", async () => {
    const user = await registerUser(a, pair.a.dataDir);
    const login = await call(b, "POST", "/api/user/login/username", {
      body: { username: user.username, password: user.password },
    });
    expect((await call(a, "GET", "/api/user/getinfo", { token: login.data.token })).code).toBe(200);
    expect((await call(a, "POST", "/api/user/logout", { token: login.data.token })).code).toBe(200);
    expect(await call(b, "GET", "/api/user/getinfo", { token: login.data.token })).toMatchObject({
      status: 401,
      msg: "登录已失效，请重新登录",
    });
  });

  it("counts wrong passwords sent to either process as one count", async () => {
    const user = await registerUser(a, pair.a.dataDir);
    const wrong = { body: { username: user.username, password: "not-it-123" }, remoteAddress: "192.0.2.44" };
    for (let i = 0; i < AccountLimits.loginFailuresPerAccount; i += 1) {
      expect((await call(i % 2 ? a : b, "POST", "/api/user/login/username", wrong)).code).toBe(1104);
    }
    for (const app of [a, b]) {
      expect(await call(app, "POST", "/api/user/login/username", wrong)).toMatchObject({ status: 429, code: 429 });
    }
  });

  it("shows a change made through one process on the other once the answer cache's time has passed", async () => {
    const seller = await registerUser(a, pair.a.dataDir);
    const goods = await postGoods(a, seller.token, { priceCents: 50000 });
    expect((await call(b, "GET", `/api/goods/info/${goods.id}`)).data.priceCents).toBe(50000);
    const listed = (app: FastifyInstance) => call(app, "GET", "/api/goods/getlist?page=1&size=20");
    expect((await listed(b)).data.list.map((each: { id: string }) => each.id)).toContain(goods.id);

    expect(
      (await call(a, "PUT", `/api/goods/${goods.id}`, { token: seller.token, body: { priceCents: 42000 } })).code,
    ).toBe(200);
    expect((await call(a, "GET", `/api/goods/info/${goods.id}`)).data.priceCents).toBe(42000);
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS));
    expect((await call(b, "GET", `/api/goods/info/${goods.id}`)).data.priceCents).toBe(42000);
    const card = (await listed(b)).data.list.find((each: { id: string }) => each.id === goods.id);
    expect(card.priceCents).toBe(42000);
  });

  it("adds up the views counted on each process", async () => {
    const seller = await registerUser(a, pair.a.dataDir);
    const goods = await postGoods(a, seller.token);
    for (const app of [a, b, a, b, b]) await call(app, "GET", `/api/goods/info/${goods.id}`);
    await Promise.all([a.goodsViews.flush(), b.goodsViews.flush()]);
    const stored = await a.db
      .selectFrom("goods")
      .select("viewCount")
      .where("id", "=", Number(goods.id))
      .executeTakeFirst();
    expect(stored?.viewCount).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS));
    // The answer counts its own view too.
    expect((await call(b, "GET", `/api/goods/info/${goods.id}`)).data.viewCount).toBe(6);
  });
});
