import type { DbOrTx } from "../../db/database.js";

/** Times of the newest failures matching `who` since `since`, newest first, at most `limit`. */
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

/** Records a failure and forgets those that have left the window. */
export async function insertFailure(
  db: DbOrTx,
  failure: { accountKey: string; ip: string; failedAt: string },
  forgetBefore: string,
): Promise<void> {
  await db.insertInto("loginFailures").values(failure).execute();
  await db.deleteFrom("loginFailures").where("failedAt", "<=", forgetBefore).execute();
}

export async function deleteFailures(db: DbOrTx, who: { accountKey: string; ip: string }): Promise<void> {
  await db.deleteFrom("loginFailures").where("accountKey", "=", who.accountKey).where("ip", "=", who.ip).execute();
}
