import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendEmailCode } from "../features/accounts/index.js";
import { readOutboxCode, registerUser, solveCaptcha } from "../test-support/accounts.js";
import { createTestApp, type TestApp } from "../test-support/test-app.js";
import { createMailer } from "./mail.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A logger at info level whose lines are kept, as an operator's log collector would keep them. */
function capturedLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ level: "info" }, sink), lines };
}

describe("the outbox mailer (no SMTP server)", () => {
  it("logs where a reset code was written, never the code or the mail's text", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const { log, lines } = capturedLogger();
    const mailer = createMailer(t.config, log);
    const captchaTicket = await solveCaptcha(t.app);

    await sendEmailCode(
      { db: t.app.db, mailer, log },
      { email: user.email, captchaTicket, purpose: "reset_password" },
      null,
    );

    const code = await readOutboxCode(t.dataDir, user.email);
    const logged = lines.join("");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({
      level: 30,
      file: expect.stringMatching(new RegExp(`outbox/.*-${user.email}\\.eml$`)),
    });
    expect(logged).not.toContain(code);
    expect(logged).not.toContain("验证码");
  });
});
