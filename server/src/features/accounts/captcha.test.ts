import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solveCaptcha } from "../../test-support/accounts.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newCaptcha() {
  const reply = await call(t.app, "GET", "/api/com/captcha");
  const { answer } = await t.app.db
    .selectFrom("captchas")
    .select("answer")
    .where("id", "=", reply.data.captchaId)
    .executeTakeFirstOrThrow();
  return { captchaId: reply.data.captchaId as string, svg: reply.data.svg as string, answer };
}

describe("captcha", () => {
  it("is an SVG image whose answer any process can check in the database", async () => {
    const captcha = await newCaptcha();
    expect(captcha.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(captcha.answer).toMatch(/^[a-z0-9]{4}$/);
  });

  it.each([
    ["upper case", (answer: string) => answer.toUpperCase()],
    ["lower case", (answer: string) => answer.toLowerCase()],
    ["mixed case, with a space typed after it", (answer: string) => `${answer[0]?.toUpperCase()}${answer.slice(1)} `],
  ])("gives a ticket for the right answer in %s", async (_case, typed) => {
    const captcha = await newCaptcha();
    const reply = await call(t.app, "POST", "/api/com/confirmcaptcha", {
      body: { captchaId: captcha.captchaId, code: typed(captcha.answer) },
    });
    expect(reply).toMatchObject({ status: 200, code: 200 });
    expect(reply.data.captchaTicket).toMatch(/^[\w-]{40,}$/);
  });

  it("is used up by a wrong answer, so it cannot be guessed twice", async () => {
    const captcha = await newCaptcha();
    const wrong = await call(t.app, "POST", "/api/com/confirmcaptcha", {
      body: { captchaId: captcha.captchaId, code: "zzzz" },
    });
    expect(wrong).toMatchObject({ status: 200, code: 1001, msg: "验证码不正确，已换一张新的" });
    const retry = await call(t.app, "POST", "/api/com/confirmcaptcha", {
      body: { captchaId: captcha.captchaId, code: captcha.answer },
    });
    expect(retry).toMatchObject({ status: 200, code: 1002, msg: "验证码已过期，已换一张新的" });
  });

  it("rejects an unknown or expired captcha", async () => {
    const unknown = await call(t.app, "POST", "/api/com/confirmcaptcha", { body: { captchaId: "nope", code: "abcd" } });
    expect(unknown).toMatchObject({ code: 1002, msg: "验证码已过期，已换一张新的" });

    const captcha = await newCaptcha();
    await t.app.db
      .updateTable("captchas")
      .set({ expiresAt: "2000-01-01T00:00:00.000Z" })
      .where("id", "=", captcha.captchaId)
      .execute();
    const expired = await call(t.app, "POST", "/api/com/confirmcaptcha", {
      body: { captchaId: captcha.captchaId, code: captcha.answer },
    });
    expect(expired).toMatchObject({ code: 1002, msg: "验证码已过期，已换一张新的" });
  });

  it("rejects missing, mistyped and over-long fields with a 400 naming the field", async () => {
    const missing = await call(t.app, "POST", "/api/com/confirmcaptcha", { body: { captchaId: "x" } });
    expect(missing).toMatchObject({ status: 400, code: 400, msg: "验证码不能为空" });
    const mistyped = await call(t.app, "POST", "/api/com/confirmcaptcha", { body: { captchaId: 5, code: "abcd" } });
    expect(mistyped).toMatchObject({ status: 400, msg: "图形验证码编号类型错误" });
    const long = await call(t.app, "POST", "/api/com/confirmcaptcha", {
      body: { captchaId: "x", code: "a".repeat(21) },
    });
    expect(long).toMatchObject({ status: 400, msg: "验证码最多 20 个字符" });
    const noBody = await call(t.app, "POST", "/api/com/confirmcaptcha");
    expect(noBody).toMatchObject({ status: 400, code: 400 });
  });

  it("gives a ticket that works once", async () => {
    const captchaTicket = await solveCaptcha(t.app);
    const body = { email: "once@example.com", captchaTicket, purpose: "register" };
    expect(await call(t.app, "POST", "/api/com/email", { body })).toMatchObject({ code: 200 });
    const reused = await call(t.app, "POST", "/api/com/email", { body: { ...body, email: "twice@example.com" } });
    expect(reused).toMatchObject({ status: 200, code: 1003, msg: "图形验证已失效，请重新验证" });
  });
});
