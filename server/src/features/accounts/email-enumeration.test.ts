import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countMails, readNewestMail, readOutboxCode, registerUser, solveCaptcha } from "../../test-support/accounts.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

/**
 * Security audit, issue 26: asking for an e-mail code must not tell whether an address has an
 * account. Registration, a new address and a password reset answer the same, store the same row
 * and take about the same time for every address; only the mailbox learns which it was.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sendCode(app: TestApp["app"], email: string, purpose: string, token?: string) {
  const captchaTicket = await solveCaptcha(app);
  return call(app, "POST", "/api/com/email", { body: { email, captchaTicket, purpose }, token });
}

const confirm = (email: string, code: string, purpose: string) =>
  call(t.app, "POST", "/api/com/confirmemail", { body: { email, code, purpose } });

const codeRows = (email: string) =>
  t.app.db.selectFrom("emailCodes").select(["purpose", "tries"]).where("email", "=", email).execute();

describe("registration codes", () => {
  it("answers a registered and a free address alike; the owner is told someone tried instead of getting a code", async () => {
    const owner = await registerUser(t.app, t.dataDir, { username: "有号的人", email: "has-account@example.com" });
    const mailsBefore = await countMails(t.dataDir, owner.email);
    const taken = await sendCode(t.app, owner.email.toUpperCase(), "register");
    const free = await sendCode(t.app, "free-address@example.com", "register");
    const expected = { status: 200, code: 200, msg: "验证码已发送（如该邮箱可用）", data: null };
    expect(taken).toEqual(expected);
    expect(free).toEqual(expected);

    expect(await readOutboxCode(t.dataDir, "free-address@example.com")).toMatch(/^\d{6}$/);
    expect(await countMails(t.dataDir, owner.email)).toBe(mailsBefore + 1);
    const notice = await readNewestMail(t.dataDir, owner.email);
    expect(notice.text).toContain("Subject: 【闲置】有人尝试用您的邮箱注册");
    expect(notice.text).toContain("用户名：有号的人");
    expect(notice.text).toContain("忘记密码");
    expect(notice.text).not.toMatch(/\d{6}/);

    // Both have a code waiting, so a guess reads the same, and so does asking again at once.
    expect(await codeRows(owner.email)).toEqual([{ purpose: "register", tries: 0 }]);
    expect(await codeRows("free-address@example.com")).toEqual([{ purpose: "register", tries: 0 }]);
    const guesses = [
      await confirm(owner.email, "123456", "register"),
      await confirm("free-address@example.com", "123456", "register"),
    ];
    for (const guess of guesses) {
      expect(guess).toEqual({ status: 200, code: 1004, msg: "邮箱验证码错误，还可尝试 4 次", data: { triesLeft: 4 } });
    }
    const again = [
      await sendCode(t.app, owner.email, "register"),
      await sendCode(t.app, "free-address@example.com", "register"),
    ];
    expect(again[0]?.code).toBe(429);
    expect(again[1]?.code).toBe(429);
  });

  it("never confirms the code stored for a registered address, so no second account gets its e-mail", async () => {
    const owner = await registerUser(t.app, t.dataDir);
    expect(await sendCode(t.app, owner.email, "register")).toMatchObject({ code: 200 });
    // Whatever six digits are tried, none is the code: it was never mailed, and no digits match it.
    const replies = [];
    for (const code of ["000000", "111111", "222222", "333333"])
      replies.push(await confirm(owner.email, code, "register"));
    expect(replies.map((reply) => reply.code)).toEqual([1004, 1004, 1004, 1004]);
    expect(await confirm(owner.email, "444444", "register")).toMatchObject({ code: 1006 });
    const sameEmail = await t.app.db.selectFrom("users").select("id").where("email", "=", owner.email).execute();
    expect(sameEmail).toHaveLength(1);
  });
});

describe("password reset codes", () => {
  it("mails an account's address only, and answers an unknown address the same with no mail", async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const known = await sendCode(t.app, owner.email, "reset_password");
    const unknown = await sendCode(t.app, "no-account@example.com", "reset_password");
    const expected = { status: 200, code: 200, msg: "验证码已发送（如该邮箱已注册）", data: null };
    expect(known).toEqual(expected);
    expect(unknown).toEqual(expected);
    const notice = await readNewestMail(t.dataDir, owner.email);
    expect(notice.text).toContain("重置登录密码");
    expect(await readOutboxCode(t.dataDir, owner.email)).toMatch(/^\d{6}$/);
    expect(await countMails(t.dataDir, "no-account@example.com")).toBe(0);

    expect(await codeRows("no-account@example.com")).toEqual([{ purpose: "reset_password", tries: 0 }]);
    const guess = await confirm("no-account@example.com", "123456", "reset_password");
    expect(guess).toEqual({ status: 200, code: 1004, msg: "邮箱验证码错误，还可尝试 4 次", data: { triesLeft: 4 } });
  });

  it("tells a closed account's owner that there is nothing to reset, and answers as for any address", async () => {
    const owner = await registerUser(t.app, t.dataDir, { username: "走了的人", email: "closed@example.com" });
    await t.app.db
      .updateTable("users")
      .set({ deletedAt: new Date().toISOString() })
      .where("id", "=", Number(owner.id))
      .execute();
    expect(await sendCode(t.app, owner.email, "reset_password")).toEqual({
      status: 200,
      code: 200,
      msg: "验证码已发送（如该邮箱已注册）",
      data: null,
    });
    const notice = await readNewestMail(t.dataDir, owner.email);
    expect(notice.text).toContain("Subject: 【闲置】无法重置密码：账号已注销");
    expect(notice.text).not.toMatch(/验证码是/);
    expect(await sendCode(t.app, owner.email, "register")).toMatchObject({ code: 200 });
    expect((await readNewestMail(t.dataDir, owner.email)).text).toContain("注销满 30 天后");
  });
});

describe("new address codes", () => {
  it("answers another account's address as a free one, tells that account's owner, and the own address as before", async () => {
    const owner = await registerUser(t.app, t.dataDir, { username: "邮箱主人", email: "bound@example.com" });
    const mover = await registerUser(t.app, t.dataDir);
    const expected = { status: 200, code: 200, msg: "验证码已发送（如该邮箱可用）", data: null };
    expect(await sendCode(t.app, owner.email, "change_email", mover.token)).toEqual(expected);
    expect(await sendCode(t.app, "fresh-move@example.com", "change_email", mover.token)).toEqual(expected);
    const notice = await readNewestMail(t.dataDir, owner.email);
    expect(notice.text).toContain("Subject: 【闲置】有人尝试绑定您的邮箱");
    expect(notice.text).not.toMatch(/\d{6}/);
    expect(await readOutboxCode(t.dataDir, "fresh-move@example.com")).toMatch(/^\d{6}$/);
    expect(await sendCode(t.app, mover.email, "change_email", mover.token)).toMatchObject({ code: 1108 });
    expect(await sendCode(t.app, owner.email, "change_email")).toMatchObject({ status: 401 });
  });
});

describe("the time an answer takes", () => {
  /** An SMTP server as slow as a real one far away: each mail takes SLOW_MS to be taken. */
  const SLOW_MS = 300;
  let smtp: SMTPServer;
  let slow: TestApp;
  const received: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, done) {
        simpleParser(stream)
          .then((mail) => {
            received.push(String(mail.to && "text" in mail.to ? mail.to.text : ""));
            setTimeout(done, SLOW_MS);
          })
          .catch(done);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    slow = await createTestApp({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(port) });
  });
  afterAll(async () => {
    await slow?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  async function timedReset(email: string): Promise<number> {
    const captchaTicket = await solveCaptcha(slow.app);
    const started = performance.now();
    const reply = await call(slow.app, "POST", "/api/com/email", {
      body: { email, captchaTicket, purpose: "reset_password" },
    });
    const took = performance.now() - started;
    expect(reply).toMatchObject({ code: 200, msg: "验证码已发送（如该邮箱已注册）" });
    return took;
  }

  it("keeps an unknown address waiting about as long as a mail to an account takes", async () => {
    const now = new Date().toISOString();
    for (const name of ["slow1", "slow2", "slow3"]) {
      await slow.app.db
        .insertInto("users")
        .values({
          username: name,
          usernameLower: name,
          email: `${name}@example.com`,
          passwordHash: "x",
          nickname: name,
          avatarUrl: null,
          bio: "",
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
    const known: number[] = [];
    const unknown: number[] = [];
    for (const i of [1, 2, 3]) {
      known.push(await timedReset(`slow${i}@example.com`));
      unknown.push(await timedReset(`nobody-${i}@example.com`));
    }
    expect(received.filter((to) => to.startsWith("nobody"))).toEqual([]);
    expect(received.filter((to) => to.startsWith("slow"))).toHaveLength(3);
    expect(Math.min(...known)).toBeGreaterThanOrEqual(SLOW_MS);
    // Without the wait an unknown address answered in a few milliseconds.
    for (const took of unknown) expect(took).toBeGreaterThanOrEqual(SLOW_MS * 0.7);
    for (const took of unknown) expect(took).toBeLessThan(Math.max(...known) * 2 + 200);
  });
});
