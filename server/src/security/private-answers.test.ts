import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutboxCode, registerUser, solveCaptcha } from "../test-support/accounts.js";
import { postGoods } from "../test-support/goods.js";
import { createTestApp, type TestApp } from "../test-support/test-app.js";

/**
 * Answers that hold personal data are `Cache-Control: private, no-store` (security audit, issue
 * 26): the successful sign-in, registration and ticket answers here; every route, signed in and
 * signed out, in the authorization matrix (authorization.test.ts checks it on each of its calls).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function answer(method: InjectOptions["method"], url: string, body?: unknown, token?: string) {
  const response = await t.app.inject({
    method,
    url,
    payload: body as InjectOptions["payload"],
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const envelope = response.json() as { code: number; data: Record<string, unknown> | null };
  return { code: envelope.code, data: envelope.data, cacheControl: response.headers["cache-control"] };
}

const PRIVATE = "private, no-store";

describe("answers holding personal data", () => {
  it("registration's answers, from the captcha to the token, are private", async () => {
    const captcha = await answer("GET", "/api/com/captcha");
    expect(captcha).toMatchObject({ code: 200, cacheControl: PRIVATE });
    const captchaTicket = await solveCaptcha(t.app);
    const sent = await answer("POST", "/api/com/email", {
      email: "private@example.com",
      captchaTicket,
      purpose: "register",
    });
    expect(sent).toMatchObject({ code: 200, cacheControl: PRIVATE });
    const code = await readOutboxCode(t.dataDir, "private@example.com");
    const ticket = await answer("POST", "/api/com/confirmemail", {
      email: "private@example.com",
      code,
      purpose: "register",
    });
    expect(ticket).toMatchObject({ code: 200, data: { emailTicket: expect.any(String) }, cacheControl: PRIVATE });
    const registered = await answer("POST", "/api/user/reg", {
      username: "private_one",
      password: "secret123",
      email: "private@example.com",
      emailTicket: ticket.data?.emailTicket,
    });
    expect(registered).toMatchObject({ code: 200, data: { token: expect.any(String) }, cacheControl: PRIVATE });
  });

  it("sign-in answers and the signed-in user's own data are private", async () => {
    const user = await registerUser(t.app, t.dataDir, { password: "letmein99" });
    const byName = await answer("POST", "/api/user/login/username", { username: user.username, password: "letmein99" });
    expect(byName).toMatchObject({ code: 200, data: { token: expect.any(String) }, cacheControl: PRIVATE });
    const byEmail = await answer("POST", "/api/user/login/email", { email: user.email, password: "letmein99" });
    expect(byEmail).toMatchObject({ code: 200, cacheControl: PRIVATE });
    const wrong = await answer("POST", "/api/user/login/email", { email: user.email, password: "wrong-pass9" });
    expect(wrong).toMatchObject({ code: 1105, cacheControl: PRIVATE });

    const info = await answer("GET", "/api/user/getinfo", undefined, user.token);
    expect(info).toMatchObject({ code: 200, data: { email: user.email }, cacheControl: PRIVATE });
    const mine = await answer("GET", "/api/goods/getmylist", undefined, user.token);
    expect(mine).toMatchObject({ code: 200, cacheControl: PRIVATE });
    // A public read is private too once it carries a token: whose it is, a cache cannot tell.
    const list = await answer("GET", "/api/goods/getlist", undefined, user.token);
    expect(list).toMatchObject({ code: 200, cacheControl: PRIVATE });
  });

  it("a reset's answers are private", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const captchaTicket = await solveCaptcha(t.app);
    await answer("POST", "/api/com/email", { email: user.email, captchaTicket, purpose: "reset_password" });
    const code = await readOutboxCode(t.dataDir, user.email);
    const ticket = await answer("POST", "/api/com/confirmemail", {
      email: user.email,
      code,
      purpose: "reset_password",
    });
    const reset = await answer("POST", "/api/user/password/reset", {
      email: user.email,
      emailTicket: ticket.data?.emailTicket,
      newPassword: "newpass123",
    });
    expect(reset).toMatchObject({ code: 200, cacheControl: PRIVATE });
  });

  it("leaves public reads by signed-out visitors as they were", async () => {
    const seller = await registerUser(t.app, t.dataDir);
    const goods = await postGoods(t.app, seller.token);
    for (const url of [
      "/api/goods/getlist",
      `/api/goods/info/${goods.id}`,
      `/api/user/${seller.id}/profile`,
      "/api/health/ready",
    ]) {
      const reply = await answer("GET", url);
      expect(reply.code, url).toBe(200);
      expect(reply.cacheControl, url).toBeUndefined();
    }
  });
});
