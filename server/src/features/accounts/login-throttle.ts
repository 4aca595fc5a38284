import { AccountLimits } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import {
  deleteFailure,
  deleteFailures,
  deleteFailuresBefore,
  insertFailure,
  recentFailures,
} from "./login-failure-repository.js";

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
 * Counts the attempt as a failure before the password is checked, then refuses (429) if this
 * address has now failed too often at this account, or at accounts in general, within the window.
 * Writing first makes the count race-free: of attempts sent in parallel, each sees the rows of all
 * that were written before it, so at most the limit get their password checked. A refused attempt
 * takes its row back, so waiting is not prolonged by knocking. Locking per address keeps a stranger
 * from locking the owner out.
 */
export async function claimLoginAttempt(db: DbOrTx, attempt: LoginAttempt): Promise<void> {
  const id = await insertFailure(db, { ...attempt, failedAt: nowIso() });
  const since = windowStart();
  const limits = [
    { who: attempt, limit: AccountLimits.loginFailuresPerAccount },
    { who: { ip: attempt.ip }, limit: AccountLimits.loginFailuresPerAddress },
  ];
  for (const { who, limit } of limits) {
    const attempts = await recentFailures(db, who, since, limit + 1);
    // The newest `limit` before this one; the lock lasts until the oldest of them leaves the window.
    const oldestCounted = attempts[limit];
    if (oldestCounted === undefined) continue;
    await deleteFailure(db, id);
    const waitMs = Date.parse(oldestCounted) + AccountLimits.loginFailureWindowSeconds * 1000 - Date.now();
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw appError("LOGIN_TOO_MANY_FAILURES", `登录失败次数过多，请 ${minutes} 分钟后再试`, {
      retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
    });
  }
}

/** The attempt stays counted; attempts that have left the window are forgotten meanwhile. */
export function recordLoginFailure(db: DbOrTx): Promise<void> {
  return deleteFailuresBefore(db, windowStart());
}

/** A correct password from this address clears its count for the account, this attempt included. */
export function forgetLoginFailures(db: DbOrTx, attempt: LoginAttempt): Promise<void> {
  return deleteFailures(db, attempt);
}
