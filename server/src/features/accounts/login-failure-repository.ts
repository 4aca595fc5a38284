import type { DbOrTx } from "../../db/database.js";

/**
 * Rows of login_failures are sign-in attempts that have not succeeded: each attempt writes its row
 * before the password is checked, a correct password deletes it again.
 */

/** Times of the newest attempts matching `who` since `since`, newest first, at most `limit`. */
export async function recentFailures(
  db: DbOrTx,
  who: { ip: string; accountKey?: string },
  since: string,
  limit: number,
): Promise<string[]> {
  let query = db.selectFrom("loginFailures").select("failedAt").where("ip", "=", who.ip).where("failedAt", ">", since);
  if (who.accountKey !== undefined) query = query.where("accountKey", "=", who.accountKey);
  const rows = await query.orderBy("failedAt", "desc").limit(limit).execute();
  return rows.map((row) => row.failedAt);
}

export async function insertFailure(
  db: DbOrTx,
  failure: { accountKey: string; ip: string; failedAt: string },
): Promise<number> {
  const row = await db.insertInto("loginFailures").values(failure).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteFailure(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom("loginFailures").where("id", "=", id).execute();
}

/** Forgets the attempts that have left the window. */
export async function deleteFailuresBefore(db: DbOrTx, before: string): Promise<void> {
  await db.deleteFrom("loginFailures").where("failedAt", "<=", before).execute();
}

export async function deleteFailures(db: DbOrTx, who: { accountKey: string; ip: string }): Promise<void> {
  await db.deleteFrom("loginFailures").where("accountKey", "=", who.accountKey).where("ip", "=", who.ip).execute();
}
