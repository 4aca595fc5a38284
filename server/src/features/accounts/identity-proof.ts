/**
 * 身份验证, the second check before a change of money or identity (the payout account, the e-mail,
 * the password, closing the account, security settings, a moderator moving money by hand): the
 * session's user proves it is them, with a passkey when the account has one, else a two-step code
 * when it has two-step sign-in on, else the password, and that proof lets this session (no other)
 * make such changes for five minutes.
 */
import {
  type IdentityProof,
  type ProofMethod,
  type ProveIdentityBody,
  TwoStepLimits,
  type WebAuthnOptions,
} from "@xianzhi/contract";
import type { Db, DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import type { CurrentUser } from "./account-service.js";
import { countPasskeys } from "./passkey-repository.js";
import { markSessionProven, sessionProof } from "./session-repository.js";
import { withPassword, withSecondStep } from "./two-step.js";
import { hasTwoStep } from "./two-step-repository.js";
import { authenticationOptions, withPasskeyAnswer } from "./webauthn.js";

/** The strongest proof the account can give: a passkey, else a two-step code, else the password. */
export async function proofMethodOf(db: Db, userId: number): Promise<ProofMethod> {
  if ((await countPasskeys(db, userId)) > 0) return "passkey";
  return (await hasTwoStep(db, userId)) ? "two_step" : "password";
}

/** Until when a proof made at `provenAt` holds; null when it no longer does. */
function provenUntil(provenAt: string | null): string | null {
  if (!provenAt) return null;
  const until = isoAfterSeconds(TwoStepLimits.proofTtlSeconds, Date.parse(provenAt));
  return until > nowIso() ? until : null;
}

export async function identityProof({ db }: Deps<"db">, me: CurrentUser): Promise<IdentityProof> {
  return {
    method: await proofMethodOf(db, me.userId),
    provenUntil: provenUntil((await sessionProof(db, me.sessionId)).provenAt),
  };
}

/** The passkey prompt's options for proving it is the caller: one of the account's own passkeys, for this session. */
export function proofPasskeyOptions(deps: Deps<"db" | "config">, me: CurrentUser): Promise<WebAuthnOptions> {
  return authenticationOptions(deps, "proof", me);
}

/**
 * A passkey's answer, a two-step code (counted and locked as at sign-in) or the password, whichever
 * the account's strongest is: the session is proven for five minutes.
 */
export async function proveIdentity(
  deps: Deps<"db" | "config" | "log">,
  me: CurrentUser,
  body: ProveIdentityBody,
): Promise<IdentityProof> {
  const { db } = deps;
  const method = await proofMethodOf(db, me.userId);
  const now = nowIso();
  const proven = (tx: DbOrTx) => markSessionProven(tx, me.sessionId, now, method);
  if (method === "passkey") {
    if (!body.challengeId || !body.response) throw appError("BAD_REQUEST", "请使用通行密钥验证");
    const answer = { challengeId: body.challengeId, response: body.response };
    await withPasskeyAnswer(deps, "proof", me.sessionId, answer, proven);
  } else if (method === "two_step") {
    if (!body.code) throw appError("BAD_REQUEST", "请输入两步验证码或恢复码");
    await withSecondStep(db, me.userId, body.code, proven);
  } else {
    if (!body.password) throw appError("BAD_REQUEST", "请输入当前密码");
    await withPassword(db, me.userId, body.password);
    await proven(db);
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
  { carriesPassword = false, by }: { carriesPassword?: boolean; by?: ProofMethod } = {},
): Promise<void> {
  const method = by ?? (await proofMethodOf(db, me.userId));
  if (method === "password" && carriesPassword) return;
  const proof = await sessionProof(db, me.sessionId);
  if (provenUntil(proof.provenAt) && (!by || proof.provenBy === by)) return;
  throw appError("PROOF_REQUIRED", undefined, { method });
}
