import { AccountLimits, type Captcha, type CaptchaTicket, type ConfirmCaptchaBody } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import { randomToken, sha256 } from "../../lib/secrets.js";
import type { Deps } from "../../services.js";
import { drawCaptcha, randomCaptchaAnswer } from "./captcha-image.js";
import { insertCaptcha, insertCaptchaTicket, takeCaptcha, takeCaptchaTicket } from "./verification-repository.js";

export async function createCaptcha({ db }: Deps<"db">): Promise<Captcha> {
  const answer = randomCaptchaAnswer(AccountLimits.captchaLength);
  const captchaId = randomToken();
  // The answer is kept in the database, not in this process, so any server process can check it.
  await insertCaptcha(db, {
    id: captchaId,
    answer: answer.toLowerCase(),
    expiresAt: isoAfterSeconds(AccountLimits.captchaTtlSeconds),
  });
  return { captchaId, svg: drawCaptcha(answer) };
}

/**
 * One guess per captcha: right or wrong, it is used up, so it cannot be tried over and over; the
 * client shows a new one, as the messages say. The letter case of the answer does not count.
 */
export async function confirmCaptcha({ db }: Deps<"db">, body: ConfirmCaptchaBody): Promise<CaptchaTicket> {
  const captcha = await takeCaptcha(db, body.captchaId);
  if (!captcha || captcha.expiresAt <= nowIso()) throw appError("CAPTCHA_EXPIRED");
  if (captcha.answer !== body.code.toLowerCase()) throw appError("CAPTCHA_WRONG");
  const captchaTicket = randomToken();
  await insertCaptchaTicket(db, {
    ticketHash: sha256(captchaTicket),
    expiresAt: isoAfterSeconds(AccountLimits.captchaTicketTtlSeconds),
  });
  return { captchaTicket };
}

export async function spendCaptchaTicket(db: DbOrTx, captchaTicket: string): Promise<void> {
  if (!(await takeCaptchaTicket(db, sha256(captchaTicket), nowIso()))) throw appError("CAPTCHA_TICKET_INVALID");
}
