import { sql, type Transaction } from "kysely";
import { type DbOrTx, dialectOf } from "../../db/database.js";
import type { DB } from "../../db/schema.js";
import { appError } from "../../errors.js";

/**
 * Holds the pair of users until the transaction ends, on PostgreSQL (a transaction-level advisory
 * lock on the two ids, lower first, so either order names the same lock); SQLite runs one
 * transaction at a time anyway. Blocking takes it, and so does every change of the trade between
 * two users (an offer made, countered, accepted): of a block and such a change at the same moment,
 * the second waits for the first to commit and, reading after it, sees what it did. Taken first in
 * the transaction, before any row lock, so no one waiting for it holds a lock another needs.
 */
async function lockPair(tx: Transaction<DB>, userId: number, otherId: number): Promise<void> {
  if (dialectOf(tx) !== "postgres") return;
  const [low, high] = userId < otherId ? [userId, otherId] : [otherId, userId];
  await sql`select pg_advisory_xact_lock(${low}::integer, ${high}::integer)`.execute(tx);
}

/** Who of the two has blocked the other: the blockers' ids (none, one or both). */
async function blockersBetween(db: DbOrTx, userId: number, otherId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("blocks")
    .select("blockerId")
    .where((eb) =>
      eb.or([
        eb.and([eb("blockerId", "=", userId), eb("blockedId", "=", otherId)]),
        eb.and([eb("blockerId", "=", otherId), eb("blockedId", "=", userId)]),
      ]),
    )
    .execute();
  return rows.map((row) => row.blockerId);
}

/**
 * Refuses what `actorId` is about to do towards `otherId` (a message, an offer, a comment on their
 * goods) when either has blocked the other, saying which.
 */
export async function requireNotBlocked(db: DbOrTx, actorId: number, otherId: number): Promise<void> {
  const blockers = await blockersBetween(db, actorId, otherId);
  if (blockers.includes(actorId)) throw appError("YOU_BLOCKED_THEM");
  if (blockers.includes(otherId)) throw appError("THEY_BLOCKED_YOU");
}

/**
 * First in a transaction that changes the trade between two users (an offer made, countered or
 * accepted), before any row lock: holds the pair as blocking does, so a block being written at the
 * same moment is waited for and then seen by the transaction's `requireNotBlocked`. No offer or
 * deal between the two is written after a block has committed.
 */
export async function holdPair(tx: Transaction<DB>, userId: number, otherId: number): Promise<void> {
  await lockPair(tx, userId, otherId);
}
