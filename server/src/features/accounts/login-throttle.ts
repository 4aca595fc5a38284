import { AccountLimits } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import { deleteFailures, insertFailure, recentFailures } from "./login-failure-repository.js";

/** One sign-in attempt as the throttle counts it: which account, from which address. */
export interface LoginAttempt {
  accountKey: string;
  ip: string;
}

/**
 * Accounts that exist are counted by id, so username and e-mail sign-ins share one count; names
 * that match no account are counted too, so a lock says nothing about whether an account exists.
 */
export function loginAttempt(user: { id: number } | undefined, typed: string, ip: string): LoginAttempt {
  return { accountKey: user ? `user:${user.id}` : `name:${typed.toLowerCase()}`, ip };
}

const windowStart = () => isoAfterSeconds(-AccountLimits.loginFailureWindowSeconds);

/**
 * Refuses (429) while this address has failed too often at this account, or at accounts in
 * general, within the window. Locking per address keeps a stranger from locking the owner out.
 * Concurrent attempts may each pass the check before any failure is written; the count is then
 * over by at most the number of requests in flight, which does not help guessing.
 */
export async function refuseWhileLocked(db: DbOrTx, attempt: LoginAttempt): Promise<void> {
  const since = windowStart();
  const limits = [
    { who: attempt, limit: AccountLimits.loginFailuresPerAccount },
    { who: { ip: attempt.ip }, limit: AccountLimits.loginFailuresPerAddress },
  ];
  for (const { who, limit } of limits) {
    const failures = await recentFailures(db, who, since, limit);
    const oldestCounted = failures[limit - 1];
    if (oldestCounted === undefined) continue;
    const waitMs = Date.parse(oldestCounted) + AccountLimits.loginFailureWindowSeconds * 1000 - Date.now();
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw appError("LOGIN_TOO_MANY_FAILURES", `登录失败次数过多，请 ${minutes} 分钟后再试`, {
      retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
    });
  }
}

export function recordLoginFailure(db: DbOrTx, attempt: LoginAttempt): Promise<void> {
  return insertFailure(db, { ...attempt, failedAt: nowIso() }, windowStart());
}

/** A correct password from this address clears its count for the account. */
export function forgetLoginFailures(db: DbOrTx, attempt: LoginAttempt): Promise<void> {
  return deleteFailures(db, attempt);
}
