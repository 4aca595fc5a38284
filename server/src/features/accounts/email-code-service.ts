import {
  AccountLimits,
  type ConfirmEmailBody,
  type EmailPurpose,
  type EmailTicket,
  type SendEmailCodeBody,
} from "@xianzhi/contract";
import type { FastifyBaseLogger } from "fastify";
import type { DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import { randomDigits, randomToken, sameHash, sha256 } from "../../lib/secrets.js";
import type { Mailer } from "../../plugins/mail.js";
import { spendCaptchaTicket } from "./captcha-service.js";
import { findUserByEmail } from "./user-repository.js";
import {
  countWrongGuess,
  deleteEmailCode,
  insertEmailTicket,
  latestEmailCode,
  replaceEmailCode,
  takeEmailCode,
  takeEmailTicket,
} from "./verification-repository.js";

const PURPOSE_TEXT: Record<EmailPurpose, string> = {
  register: "注册闲置账号",
  change_email: "更换绑定邮箱",
  reset_password: "重置登录密码",
};

export interface EmailCodeDeps {
  db: DbOrTx;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * Sends a 6-digit code. The captcha ticket is spent first, so that nothing about an address
 * (registered or not) can be learnt without solving a captcha.
 */
export async function sendEmailCode(deps: EmailCodeDeps, body: SendEmailCodeBody, signedIn: boolean): Promise<null> {
  const { db, mailer, log } = deps;
  if (body.purpose === "change_email" && !signedIn) throw appError("UNAUTHORIZED");
  await spendCaptchaTicket(db, body.captchaTicket);
  await checkAddressFitsPurpose(db, body.email, body.purpose);

  const previous = await latestEmailCode(db, body.email, body.purpose);
  const resendAt = previous ? Date.parse(previous.createdAt) + AccountLimits.emailResendSeconds * 1000 : 0;
  if (resendAt > Date.now()) {
    const seconds = Math.ceil((resendAt - Date.now()) / 1000);
    throw appError("EMAIL_SEND_TOO_OFTEN", `验证码发送过于频繁，请 ${seconds} 秒后再试`, {
      retryAfterSeconds: seconds,
    });
  }

  const code = randomDigits(AccountLimits.emailCodeLength);
  const codeId = await replaceEmailCode(db, {
    email: body.email,
    purpose: body.purpose,
    codeHash: sha256(code),
    createdAt: nowIso(),
    expiresAt: isoAfterSeconds(AccountLimits.emailCodeTtlSeconds),
  });
  try {
    await mailer.send({
      to: body.email,
      subject: `【闲置】${PURPOSE_TEXT[body.purpose]}验证码`,
      text: [
        `您的验证码是 ${code}`,
        `用途：${PURPOSE_TEXT[body.purpose]}。${AccountLimits.emailCodeTtlSeconds / 60} 分钟内有效，请勿告诉他人。`,
        "如非本人操作，请忽略此邮件。",
      ].join("\n"),
    });
  } catch (error) {
    await deleteEmailCode(db, codeId);
    log.error({ err: error, to: body.email }, "sending the e-mail code failed");
    throw appError("EMAIL_SEND_FAILED");
  }
  return null;
}

async function checkAddressFitsPurpose(db: DbOrTx, email: string, purpose: EmailPurpose): Promise<void> {
  const owner = await findUserByEmail(db, email);
  if (purpose === "reset_password" && !owner) throw appError("EMAIL_NOT_REGISTERED");
  if (purpose === "reset_password" && owner?.deletedAt) throw appError("ACCOUNT_DELETED");
  if (purpose !== "reset_password" && owner) throw appError("EMAIL_TAKEN");
}

export async function confirmEmailCode(db: DbOrTx, body: ConfirmEmailBody): Promise<EmailTicket> {
  const { emailCodeMaxTries } = AccountLimits;
  const stored = await latestEmailCode(db, body.email, body.purpose);
  if (!stored || stored.expiresAt <= nowIso()) throw appError("EMAIL_CODE_EXPIRED");
  if (stored.tries >= emailCodeMaxTries) throw appError("EMAIL_CODE_TOO_MANY_TRIES");

  if (!sameHash(stored.codeHash, sha256(body.code))) {
    const tries = await countWrongGuess(db, stored.id, emailCodeMaxTries);
    if (tries === undefined || tries >= emailCodeMaxTries) throw appError("EMAIL_CODE_TOO_MANY_TRIES");
    throw appError("EMAIL_CODE_WRONG", `邮箱验证码错误，还可尝试 ${emailCodeMaxTries - tries} 次`, {
      triesLeft: emailCodeMaxTries - tries,
    });
  }
  if (!(await takeEmailCode(db, stored.id, emailCodeMaxTries))) throw appError("EMAIL_CODE_EXPIRED");

  const emailTicket = randomToken();
  await insertEmailTicket(db, {
    ticketHash: sha256(emailTicket),
    email: body.email,
    purpose: body.purpose,
    expiresAt: isoAfterSeconds(AccountLimits.emailTicketTtlSeconds),
  });
  return { emailTicket };
}

/** Used inside the transaction of the change it allows, so a failed change gives the ticket back. */
export async function spendEmailTicket(db: DbOrTx, emailTicket: string, email: string, purpose: EmailPurpose) {
  const taken = await takeEmailTicket(db, { ticketHash: sha256(emailTicket), email, purpose, now: nowIso() });
  if (!taken) throw appError("EMAIL_TICKET_INVALID");
}
