import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTicketFor, readOutboxCode, registerUser, solveCaptcha } from "../../test-support/accounts.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sendCode(email: string, purpose = "register", token?: string) {
  const captchaTicket = await solveCaptcha(t.app);
  return call(t.app, "POST", "/api/com/email", { body: { email, captchaTicket, purpose }, token });
}

function confirm(email: string, code: string, purpose = "register") {
  return call(t.app, "POST", "/api/com/confirmemail", { body: { email, code, purpose } });
}

function wrongCodeFor(code: string) {
  return code === "000000" ? "111111" : "000000";
}

const codeRows = (email: string) => t.app.db.selectFrom("emailCodes").selectAll().where("email", "=", email).execute();

describe("e-mail codes", () => {
  it("mails a 6-digit code, stored only as a hash, which gives a one-use ticket", async () => {
    const sent = await sendCode("Code@Example.com");
    expect(sent).toMatchObject({ status: 200, code: 200, msg: "验证码已发送（如该邮箱可用）", data: null });
    const code = await readOutboxCode(t.dataDir, "code@example.com");
    expect(code).toMatch(/^\d{6}$/);
    const rows = await codeRows("code@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).not.toContain(code);

    const confirmed = await confirm("CODE@example.com", code);
    expect(confirmed).toMatchObject({ code: 200 });
    expect(confirmed.data.emailTicket).toMatch(/^[\w-]{40,}$/);
    expect(await confirm("code@example.com", code)).toMatchObject({ code: 1005 });
  });

  it("refuses to send again within a minute", async () => {
    expect(await sendCode("often@example.com")).toMatchObject({ code: 200 });
    const again = await sendCode("often@example.com");
    expect(again).toMatchObject({ status: 429, code: 429 });
    expect(again.msg).toMatch(/请 \d+ 秒后再试/);
    expect(await codeRows("often@example.com")).toHaveLength(1);
  });

  it("counts wrong guesses and locks the code after five", async () => {
    await sendCode("guess@example.com");
    const code = await readOutboxCode(t.dataDir, "guess@example.com");
    const first = await confirm("guess@example.com", wrongCodeFor(code));
    expect(first).toMatchObject({
      status: 200,
      code: 1004,
      msg: "邮箱验证码错误，还可尝试 4 次",
      data: { triesLeft: 4 },
    });
    for (let i = 0; i < 3; i++) await confirm("guess@example.com", wrongCodeFor(code));
    const fifth = await confirm("guess@example.com", wrongCodeFor(code));
    expect(fifth).toMatchObject({ code: 1006, msg: "验证码错误次数过多，请重新获取" });
    expect(await confirm("guess@example.com", code)).toMatchObject({ code: 1006 });
  });

  it("rejects an expired code", async () => {
    await sendCode("late@example.com");
    const code = await readOutboxCode(t.dataDir, "late@example.com");
    await t.app.db
      .updateTable("emailCodes")
      .set({ expiresAt: "2000-01-01T00:00:00.000Z" })
      .where("email", "=", "late@example.com")
      .execute();
    expect(await confirm("late@example.com", code)).toMatchObject({ code: 1005, msg: "邮箱验证码已失效，请重新获取" });
  });

  it("keeps purposes apart: a registration code does not reset a password", async () => {
    await sendCode("apart@example.com");
    const code = await readOutboxCode(t.dataDir, "apart@example.com");
    expect(await confirm("apart@example.com", code, "reset_password")).toMatchObject({ code: 1005 });
  });

  it("needs a signed-in user for a new address; other purposes answer alike for every address (email-enumeration.test.ts)", async () => {
    const user = await registerUser(t.app, t.dataDir);
    expect(await sendCode(user.email.toUpperCase())).toMatchObject({ code: 200 });
    expect(await sendCode("nobody@example.com", "reset_password")).toMatchObject({ code: 200 });
    expect(await sendCode("new-address@example.com", "change_email")).toMatchObject({ status: 401, code: 401 });
    expect(await sendCode("new-address@example.com", "change_email", user.token)).toMatchObject({ code: 200 });
  });

  it("rejects bad input with a 400 and sends nothing", async () => {
    const captchaTicket = await solveCaptcha(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ captchaTicket, purpose: "register" }, "邮箱不能为空"],
      [{ email: "not-an-address", captchaTicket, purpose: "register" }, "邮箱格式不正确"],
      [{ email: `${"a".repeat(250)}@example.com`, captchaTicket, purpose: "register" }, "邮箱最多 254 个字符"],
      [{ email: "x@example.com", captchaTicket, purpose: "spam" }, "验证用途取值无效"],
      [{ email: "x@example.com", captchaTicket: 42, purpose: "register" }, "图形验证凭证类型错误"],
    ];
    for (const [body, msg] of cases) {
      expect(await call(t.app, "POST", "/api/com/email", { body })).toMatchObject({ status: 400, code: 400, msg });
    }
    const outbox = await fs.readdir(path.join(t.dataDir, "outbox"));
    expect(outbox.some((name) => name.includes("x@example.com") || name.includes("not-an-address"))).toBe(false);
    // The ticket was not spent by the rejected requests.
    expect(
      await call(t.app, "POST", "/api/com/email", {
        body: { email: "x@example.com", captchaTicket, purpose: "register" },
      }),
    ).toMatchObject({ code: 200 });
  });

  it("rejects a malformed code with a 400", async () => {
    expect(await confirm("x@example.com", "12ab56")).toMatchObject({ status: 400, msg: "验证码为 6 位数字" });
    expect(await confirm("x@example.com", "1234567")).toMatchObject({ status: 400 });
  });

  it("gives tickets that only the matching address and purpose can spend", async () => {
    const ticket = await emailTicketFor(t.app, t.dataDir, "owner@example.com", "register");
    const other = await call(t.app, "POST", "/api/user/reg", {
      body: { username: "thief", password: "secret123", email: "thief@example.com", emailTicket: ticket },
    });
    expect(other).toMatchObject({ code: 1007, msg: "邮箱验证已失效，请重新验证" });
    const owner = await call(t.app, "POST", "/api/user/reg", {
      body: { username: "owner", password: "secret123", email: "owner@example.com", emailTicket: ticket },
    });
    expect(owner).toMatchObject({ code: 200 });
  });
});
