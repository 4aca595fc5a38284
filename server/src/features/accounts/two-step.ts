/**
 * 两步验证 (TOTP, with recovery codes): set up with the password, turned on by a first code,
 * asked for after the password at every sign-in. Every code is checked here: counted before it is
 * checked, so five wrong ones lock the second step for fifteen minutes on every process (the count
 * is the account's row), and spent in the transaction of what it opens, so it opens one thing once.
 */

import { randomInt } from "node:crypto";
import {
  type RecoveryCodes,
  TWO_STEP_CODE_PATTERN,
  type TwoStepChallenge,
  type TwoStepDisableBody,
  type TwoStepEnableBody,
  TwoStepLimits,
  type TwoStepSetup,
  type TwoStepSetupBody,
  type TwoStepStatus,
} from "@xianzhi/contract";
import type { Db, DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import { randomToken, sha256, verifyPassword } from "../../lib/secrets.js";
import type { Deps } from "../../services.js";
import type { CurrentUser } from "./account-service.js";
import { newTotpSecret, otpauthUri, stepOfCode } from "./totp.js";
import * as secrets from "./two-step-repository.js";
import { findUserById } from "./user-repository.js";

/** Recovery codes' letters: no 0/O, 1/I/L, so a code copied by hand is read back right. */
const RECOVERY_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${letters.slice(0, 5).join("")}-${letters.slice(5).join("")}`;
}

/** As typed: with or without its dash, in either case. */
const recoveryCodeHash = (code: string) => sha256(code.replace("-", "").toUpperCase());

/** The caller, when the password is theirs: a stolen session alone cannot change two-step sign-in. */
export async function withPassword(db: Db, userId: number, password: string) {
  const user = await findUserById(db, userId);
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    throw appError("OLD_PASSWORD_WRONG", "当前密码错误");
  }
  return user;
}

export async function twoStepStatus({ db }: Deps<"db">, userId: number): Promise<TwoStepStatus> {
  const row = await secrets.findTwoStepSecret(db, userId);
  if (!row?.enabledAt) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  return { enabled: true, enabledAt: row.enabledAt, recoveryCodesLeft: await secrets.unusedRecoveryCodes(db, userId) };
}

/** A new secret for the app, waiting for its first code; the password first, as a stolen session has none. */
export async function setUpTwoStep({ db }: Deps<"db">, me: CurrentUser, body: TwoStepSetupBody): Promise<TwoStepSetup> {
  const user = await withPassword(db, me.userId, body.password);
  const secret = newTotpSecret();
  if (!(await secrets.putPendingSecret(db, me.userId, secret, nowIso()))) throw appError("TWO_STEP_ALREADY_ON");
  return { secret, otpauthUri: otpauthUri(secret, user.username) };
}

async function newRecoveryCodes(tx: DbOrTx, userId: number): Promise<RecoveryCodes> {
  const recoveryCodes = Array.from({ length: TwoStepLimits.recoveryCodeCount }, newRecoveryCode);
  await secrets.replaceRecoveryCodes(tx, userId, recoveryCodes.map(recoveryCodeHash));
  return { recoveryCodes };
}

/** The first code from the app turns the waiting secret on; the recovery codes are shown this once. */
export async function enableTwoStep(
  { db }: Deps<"db">,
  me: CurrentUser,
  body: TwoStepEnableBody,
): Promise<RecoveryCodes> {
  const row = await secrets.findTwoStepSecret(db, me.userId);
  if (row?.enabledAt) throw appError("TWO_STEP_ALREADY_ON");
  if (!row) throw appError("TWO_STEP_NOT_SET_UP");
  const step = stepOfCode(row.secret, body.code, Date.now());
  if (step === null) throw appError("TWO_STEP_CODE_WRONG", "验证码不正确，请确认验证器里的时间与账号");
  return db.transaction().execute(async (tx) => {
    if (!(await secrets.enableSecret(tx, me.userId, step, nowIso()))) throw appError("TWO_STEP_ALREADY_ON");
    return newRecoveryCodes(tx, me.userId);
  });
}

export async function disableTwoStep({ db }: Deps<"db">, me: CurrentUser, body: TwoStepDisableBody): Promise<null> {
  await withPassword(db, me.userId, body.password);
  await withSecondStep(db, me.userId, body.code, (tx) => secrets.removeTwoStep(tx, me.userId));
  return null;
}

/** Ten new recovery codes for a code from the app: the old ones stop working. */
export async function renewRecoveryCodes(
  { db }: Deps<"db">,
  me: CurrentUser,
  body: TwoStepEnableBody,
): Promise<RecoveryCodes> {
  return withSecondStep(db, me.userId, body.code, (tx) => newRecoveryCodes(tx, me.userId));
}

/** What a right password answers when the account has a second step: a ticket for it, or null. */
export async function twoStepChallenge(db: DbOrTx, userId: number): Promise<TwoStepChallenge | null> {
  if (!(await secrets.hasTwoStep(db, userId))) return null;
  const twoStepTicket = randomToken();
  const expiresAt = isoAfterSeconds(TwoStepLimits.ticketTtlSeconds);
  await secrets.insertTicket(db, { ticketHash: sha256(twoStepTicket), userId, expiresAt });
  return { twoStepTicket, expiresAt };
}

/** The account a live ticket was given for; TWO_STEP_TICKET_INVALID when it is used up or expired. */
export async function ticketHolder(db: DbOrTx, twoStepTicket: string): Promise<number> {
  const ticket = await secrets.findLiveTicket(db, sha256(twoStepTicket), nowIso());
  if (!ticket) throw appError("TWO_STEP_TICKET_INVALID");
  return ticket.userId;
}

/** Takes the ticket in the sign-in's transaction: of two sign-ins with one ticket, one gets a session. */
export async function takeTicket(tx: DbOrTx, twoStepTicket: string): Promise<void> {
  if (!(await secrets.takeTicket(tx, sha256(twoStepTicket), nowIso()))) throw appError("TWO_STEP_TICKET_INVALID");
}

function locked(lockedUntil: string) {
  const seconds = Math.max(1, Math.ceil((Date.parse(lockedUntil) - Date.now()) / 1000));
  return appError("TWO_STEP_LOCKED", `两步验证码错误次数过多，请 ${Math.ceil(seconds / 60)} 分钟后再试`, {
    retryAfterSeconds: seconds,
  });
}

/** Counts this try, or refuses it while the second step is locked: the secret, and the count with this try. */
async function claimTry(db: Db, userId: number): Promise<{ secret: string; count: number }> {
  const row = await secrets.findTwoStepSecret(db, userId);
  if (!row?.enabledAt) throw appError("TWO_STEP_OFF");
  if (row.lockedUntil && row.lockedUntil > nowIso()) throw locked(row.lockedUntil);
  if (row.lockedUntil) await secrets.endLock(db, userId, row.lockedUntil);
  const count = await secrets.claimTry(db, userId);
  if (count !== undefined) return { secret: row.secret, count };
  // The limit was reached by tries in flight: the last of them is locking it.
  const current = await secrets.findTwoStepSecret(db, userId);
  throw locked(current?.lockedUntil ?? isoAfterSeconds(TwoStepLimits.lockSeconds));
}

/** A try that did not pass: the lock when it was the last one allowed, else how many are left. */
async function refused(db: Db, userId: number, count: number, used: boolean): Promise<never> {
  if (count >= TwoStepLimits.failuresBeforeLock) {
    const until = isoAfterSeconds(TwoStepLimits.lockSeconds);
    await secrets.lockSecondStep(db, userId, until);
    throw locked(until);
  }
  if (used) throw appError("TWO_STEP_CODE_USED");
  const left = TwoStepLimits.failuresBeforeLock - count;
  throw appError("TWO_STEP_CODE_WRONG", `两步验证码不正确，还可以再试 ${left} 次`);
}

/**
 * What a code proves, read once: an app code's time step (null when it is no code of the window
 * around now), or a recovery code's hash.
 */
type Proof = { step: number | null } | { recoveryHash: string };

const proofOf = (secret: string, code: string): Proof =>
  TWO_STEP_CODE_PATTERN.test(code)
    ? { step: stepOfCode(secret, code, Date.now()) }
    : { recoveryHash: recoveryCodeHash(code) };

/** Spends the proof (its time step, or the recovery code) in the transaction: false when it was not good. */
async function spendProof(tx: DbOrTx, userId: number, proof: Proof): Promise<boolean> {
  if ("step" in proof) return proof.step !== null && secrets.spendStep(tx, userId, proof.step);
  if (!(await secrets.spendRecoveryCode(tx, userId, proof.recoveryHash, nowIso()))) return false;
  await secrets.forgetFailures(tx, userId);
  return true;
}

/** Why a proof that was not good was not: a replay of one already accepted, or simply wrong. */
async function wasUsed(db: Db, userId: number, proof: Proof): Promise<boolean> {
  if ("step" in proof) return proof.step !== null;
  return secrets.wasRecoveryCodeUsed(db, userId, proof.recoveryHash);
}

/**
 * Runs `then` with a code of the account's (app or recovery code) spent in the same transaction.
 * A wrong code, a replayed one or one past the limit changes nothing but the count.
 */
export async function withSecondStep<T>(
  db: Db,
  userId: number,
  code: string,
  then: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  const { secret, count } = await claimTry(db, userId);
  const proof = proofOf(secret, code);
  const outcome = await db.transaction().execute(async (tx) => {
    if (!(await spendProof(tx, userId, proof))) return { passed: false as const };
    return { passed: true as const, value: await then(tx) };
  });
  if (outcome.passed) return outcome.value;
  return refused(db, userId, count, await wasUsed(db, userId, proof));
}
