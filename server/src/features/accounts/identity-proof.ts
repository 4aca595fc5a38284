/**
 * 身份验证, the second check before a change of money or identity (the payout account, the e-mail,
 * the password, closing the account, a moderator moving money by hand): the session's user proves
 * it is them, with a two-step code when the account has two-step sign-in on, else the password,
 * and that proof lets this session (no other) make such changes for five minutes.
 */
import { type IdentityProof, type ProofMethod, type ProveIdentityBody, TwoStepLimits } from "@xianzhi/contract";
import type { Db } from "../../db/database.js";
import { appError } from "../../errors.js";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import type { CurrentUser } from "./account-service.js";
import { markSessionProven, sessionProvenAt } from "./session-repository.js";
import { withPassword, withSecondStep } from "./two-step.js";
import { hasTwoStep } from "./two-step-repository.js";

const proofMethodOf = async (db: Db, userId: number): Promise<ProofMethod> =>
  (await hasTwoStep(db, userId)) ? "two_step" : "password";

/** Until when a proof made at `provenAt` holds; null when it no longer does. */
function provenUntil(provenAt: string | null): string | null {
  if (!provenAt) return null;
  const until = isoAfterSeconds(TwoStepLimits.proofTtlSeconds, Date.parse(provenAt));
  return until > nowIso() ? until : null;
}

export async function identityProof({ db }: Deps<"db">, me: CurrentUser): Promise<IdentityProof> {
  return {
    method: await proofMethodOf(db, me.userId),
    provenUntil: provenUntil(await sessionProvenAt(db, me.sessionId)),
  };
}

/** A two-step code (counted and locked as at sign-in) or the password: the session is proven for five minutes. */
export async function proveIdentity(
  { db }: Deps<"db">,
  me: CurrentUser,
  body: ProveIdentityBody,
): Promise<IdentityProof> {
  const method = await proofMethodOf(db, me.userId);
  const now = nowIso();
  if (method === "two_step") {
    if (!body.code) throw appError("BAD_REQUEST", "请输入两步验证码或恢复码");
    await withSecondStep(db, me.userId, body.code, (tx) => markSessionProven(tx, me.sessionId, now));
  } else {
    if (!body.password) throw appError("BAD_REQUEST", "请输入当前密码");
    await withPassword(db, me.userId, body.password);
    await markSessionProven(db, me.sessionId, now);
  }
  return { method, provenUntil: provenUntil(now) };
}

/**
 * Refuses a change of money or identity (PROOF_REQUIRED, saying which proof to give) unless this
 * session was proven within five minutes. A request that carries the password itself (the
 * contract's e-mail and password changes) is its own proof for an account without two-step
 * sign-in; an account with it is asked for its code.
 */
export async function requireFreshProof(
  { db }: Deps<"db">,
  me: CurrentUser,
  { carriesPassword = false }: { carriesPassword?: boolean } = {},
): Promise<void> {
  const method = await proofMethodOf(db, me.userId);
  if (method === "password" && carriesPassword) return;
  if (provenUntil(await sessionProvenAt(db, me.sessionId))) return;
  throw appError("PROOF_REQUIRED", undefined, { method });
}
