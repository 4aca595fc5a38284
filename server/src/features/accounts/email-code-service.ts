import {
  AccountLimits,
  type ConfirmEmailBody,
  type EmailPurpose,
  type EmailTicket,
  type SendEmailCodeBody,
} from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import { randomDigits, randomToken, sameHash, sha256 } from "../../lib/secrets.js";
import type { Mail, Mailer } from "../../plugins/mail.js";
import type { Deps } from "../../services.js";
import { spendCaptchaTicket } from "./captcha-service.js";
import { closedAccountResetNotice, emailChangeAttemptNotice, registrationAttemptNotice } from "./email-notices.js";
import { findUserByEmail, type UserRow } from "./user-repository.js";
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

/** What one request for a code ends in: a code mailed, a notice mailed instead, or no mail at all. */
type Outcome = { kind: "code" } | { kind: "notice"; mail: Mail } | { kind: "nothing" };

/**
 * Whether the address may get a code for the purpose; when not, what its owner is told instead.
 * The one who asked never learns which it was: every outcome answers the same.
 */
function outcomeFor(purpose: EmailPurpose, email: string, owner: UserRow | undefined): Outcome {
  if (purpose === "reset_password") {
    if (!owner) return { kind: "nothing" };
    if (owner.deletedAt) return { kind: "notice", mail: closedAccountResetNotice(email, owner.username) };
    return { kind: "code" };
  }
  if (!owner) return { kind: "code" };
  if (purpose === "register") {
    return {
      kind: "notice",
      mail: registrationAttemptNotice(email, { username: owner.username, closed: owner.deletedAt !== null }),
    };
  }
  return { kind: "notice", mail: emailChangeAttemptNotice(email, { username: owner.username }) };
}

/**
 * Sends a 6-digit code. The captcha ticket is spent first, so that nothing can be tried without
 * solving a captcha; then every address gets the same answer, the same stored row and about the
 * same time, whether it has an account or not (security audit, issue 26):
 * - a free address gets a registration (or new address) code; one with an account gets a notice
 *   instead (someone tried to register with it; sign in or reset the password if it was you);
 * - a password reset code goes to an account's address only; an unknown address gets no mail, and
 *   the answer waits about as long as a mail takes to send.
 * Where no code is mailed a decoy is stored, a hash no 6 digits match: confirming a guess answers
 * "wrong code, N tries left" as for a real code, and the resend interval holds alike.
 */
export async function sendEmailCode(
  { db, mailer, log }: Deps<"db" | "mailer" | "log">,
  body: SendEmailCodeBody,
  me: number | null,
): Promise<null> {
  if (body.purpose === "change_email" && me === null) throw appError("UNAUTHORIZED");
  await spendCaptchaTicket(db, body.captchaTicket);
  const owner = await findUserByEmail(db, body.email);
  // Their own address tells the signed-in user nothing they do not know.
  if (body.purpose === "change_email" && owner && owner.id === me) throw appError("SAME_EMAIL");
  const outcome = outcomeFor(body.purpose, body.email, owner);

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
    codeHash: outcome.kind === "code" ? sha256(code) : sha256(randomToken()),
    createdAt: nowIso(),
    expiresAt: isoAfterSeconds(AccountLimits.emailCodeTtlSeconds),
  });
  try {
    if (outcome.kind === "nothing") await waitAsLongAsASend(mailer);
    else await timedSend(mailer, outcome.kind === "code" ? codeMail(body.email, body.purpose, code) : outcome.mail);
  } catch (error) {
    await deleteEmailCode(db, codeId);
    log.error({ err: error, to: body.email }, "sending the e-mail code failed");
    throw appError("EMAIL_SEND_FAILED");
  }
  return null;
}

function codeMail(to: string, purpose: EmailPurpose, code: string): Mail {
  return {
    to,
    subject: `【闲置】${PURPOSE_TEXT[purpose]}验证码`,
    text: [
      `您的验证码是 ${code}`,
      `用途：${PURPOSE_TEXT[purpose]}。${AccountLimits.emailCodeTtlSeconds / 60} 分钟内有效，请勿告诉他人。`,
      "如非本人操作，请忽略此邮件。",
    ].join("\n"),
  };
}

/** How long this mailer's sends have taken lately (a moving average, ms). */
const sendMs = new WeakMap<Mailer, number>();
/** When this mailer's last send failed, while no send has succeeded since. */
const failedAt = new WeakMap<Mailer, number>();
const FAILURE_REMEMBERED_MS = 60_000;

async function timedSend(mailer: Mailer, mail: Mail): Promise<void> {
  const started = performance.now();
  try {
    await mailer.send(mail);
  } catch (error) {
    failedAt.set(mailer, Date.now());
    throw error;
  }
  failedAt.delete(mailer);
  const took = performance.now() - started;
  const average = sendMs.get(mailer);
  sendMs.set(mailer, average === undefined ? took : average * 0.8 + took * 0.2);
}

/**
 * Stands in for a send that is not made, so the answer does not tell that none was: it takes
 * about as long as sends lately took, and fails as they did while the mail server is away.
 */
async function waitAsLongAsASend(mailer: Mailer): Promise<void> {
  const failed = failedAt.get(mailer);
  if (failed !== undefined && Date.now() - failed < FAILURE_REMEMBERED_MS) throw new Error("sends are failing");
  const average = sendMs.get(mailer) ?? 0;
  const ms = average * (0.75 + Math.random() * 0.5);
  await new Promise((resolve) => setTimeout(resolve, ms));
}

export async function confirmEmailCode({ db }: Deps<"db">, body: ConfirmEmailBody): Promise<EmailTicket> {
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
