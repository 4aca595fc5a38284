import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solveCaptcha } from "../test-support/accounts.js";
import { call, createTestApp, type TestApp } from "../test-support/test-app.js";

interface Received {
  to: string;
  subject: string;
  text: string;
}

let smtp: SMTPServer;
let smtpPort: number;
const inbox: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push({
            to: String(mail.to && "text" in mail.to ? mail.to.text : ""),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
          });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

async function sendRegistrationCode(t: TestApp, email: string) {
  const captchaTicket = await solveCaptcha(t.app);
  return call(t.app, "POST", "/api/com/email", { body: { email, captchaTicket, purpose: "register" } });
}

describe("e-mail through a real SMTP server", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtpPort),
      MAIL_FROM: "闲置 <no-reply@xianzhi.test>",
    });
  });
  afterAll(() => t.close());

  it("delivers the code, which then confirms the address", async () => {
    expect(await sendRegistrationCode(t, "smtp@example.com")).toMatchObject({ code: 200 });
    const mail = inbox.find((received) => received.to === "smtp@example.com");
    expect(mail?.subject).toBe("【闲置】注册闲置账号验证码");
    const code = /验证码是 (\d{6})/.exec(mail?.text ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const confirmed = await call(t.app, "POST", "/api/com/confirmemail", {
      body: { email: "smtp@example.com", code, purpose: "register" },
    });
    expect(confirmed).toMatchObject({ code: 200 });
  });
});

describe("e-mail when the SMTP server is down", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) has no SMTP server on a test machine: the connection is refused.
    t = await createTestApp({ SMTP_HOST: "127.0.0.1", SMTP_PORT: "9" });
  });
  afterAll(() => t.close());

  it("says so and keeps no code that nobody received", async () => {
    const reply = await sendRegistrationCode(t, "lost@example.com");
    expect(reply).toMatchObject({ status: 200, code: 1008, msg: "邮件发送失败，请稍后再试" });
    const rows = await t.app.db.selectFrom("emailCodes").selectAll().where("email", "=", "lost@example.com").execute();
    expect(rows).toEqual([]);
  });

  it("answers a reset for an unknown address as it answers one for an account meanwhile", async () => {
    expect(await sendRegistrationCode(t, "lost-again@example.com")).toMatchObject({ code: 1008 });
    const captchaTicket = await solveCaptcha(t.app);
    const reset = await call(t.app, "POST", "/api/com/email", {
      body: { email: "nobody-at-all@example.com", captchaTicket, purpose: "reset_password" },
    });
    expect(reset).toMatchObject({ status: 200, code: 1008, msg: "邮件发送失败，请稍后再试" });
  });
});
