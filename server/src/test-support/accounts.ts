import fs from "node:fs/promises";
import path from "node:path";
import type { EmailPurpose } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { call } from "./test-app.js";

/** A new captcha and its answer, read the way only a test can: from the database. */
export async function captchaWithAnswer(app: FastifyInstance): Promise<{ captchaId: string; code: string }> {
  const captcha = await call(app, "GET", "/api/com/captcha");
  const row = await app.db
    .selectFrom("captchas")
    .select("answer")
    .where("id", "=", captcha.data.captchaId)
    .executeTakeFirstOrThrow();
  return { captchaId: captcha.data.captchaId, code: row.answer };
}

/** Solves a captcha: its ticket. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const confirmed = await call(app, "POST", "/api/com/confirmcaptcha", { body: await captchaWithAnswer(app) });
  return confirmed.data.captchaTicket;
}

/** The newest mail to an address (subject and text), read from the outbox as a person would read it. */
export async function readNewestMail(dataDir: string, email: string): Promise<{ name: string; text: string }> {
  const folder = path.join(dataDir, "outbox");
  const address = email.toLowerCase();
  const files = (await fs.readdir(folder).catch(() => [])).filter((name) => name.endsWith(`-${address}.eml`)).sort();
  const newest = files.at(-1);
  if (!newest) throw new Error(`no mail to ${email} in ${folder}`);
  return { name: newest, text: await fs.readFile(path.join(folder, newest), "utf8") };
}

/** How many mails went to an address. */
export async function countMails(dataDir: string, email: string): Promise<number> {
  const names = await fs.readdir(path.join(dataDir, "outbox")).catch(() => []);
  return names.filter((name) => name.endsWith(`-${email.toLowerCase()}.eml`)).length;
}

/** The newest code mailed to an address, read from the outbox as a person would read their mail. */
export async function readOutboxCode(dataDir: string, email: string): Promise<string> {
  const { name, text } = await readNewestMail(dataDir, email);
  const code = /验证码是 (\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no code in ${name}`);
  return code;
}

/** A code mailed to an address (the captcha solved first), as read from the outbox. */
export async function mailedCode(
  app: FastifyInstance,
  dataDir: string,
  email: string,
  purpose: EmailPurpose,
  token?: string,
): Promise<string> {
  const captchaTicket = await solveCaptcha(app);
  const sent = await call(app, "POST", "/api/com/email", { body: { email, captchaTicket, purpose }, token });
  if (sent.code !== 200) throw new Error(`sending the code failed: ${sent.msg}`);
  return readOutboxCode(dataDir, email);
}

export async function emailTicketFor(
  app: FastifyInstance,
  dataDir: string,
  email: string,
  purpose: EmailPurpose,
  token?: string,
): Promise<string> {
  const code = await mailedCode(app, dataDir, email, purpose, token);
  const confirmed = await call(app, "POST", "/api/com/confirmemail", { body: { email, code, purpose } });
  return confirmed.data.emailTicket;
}

export interface RegisteredUser {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
}

let registered = 0;

/**
 * A new account, registered through the API. `userAgent`: the browser it registers from, so that
 * browser's later sign-ins are not a new device's (新设备登录提醒).
 */
export async function registerUser(
  app: FastifyInstance,
  dataDir: string,
  fields: Partial<Pick<RegisteredUser, "username" | "email" | "password">> = {},
  client: { userAgent?: string } = {},
): Promise<RegisteredUser> {
  registered += 1;
  const username = fields.username ?? `user${registered}_${Date.now() % 100000}`;
  const email = (fields.email ?? `${username}@example.com`).toLowerCase();
  const password = fields.password ?? "secret123";
  const emailTicket = await emailTicketFor(app, dataDir, email, "register");
  const reply = await call(app, "POST", "/api/user/reg", {
    body: { username, password, email, emailTicket },
    ...(client.userAgent && { headers: { "user-agent": client.userAgent } }),
  });
  if (reply.code !== 200) throw new Error(`registration failed: ${reply.msg}`);
  return { id: reply.data.userInfo.id, username, email, password, token: reply.data.token };
}
