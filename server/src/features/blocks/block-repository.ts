import { sql, type Transaction } from "kysely";
import { type DbOrTx, dialectOf } from "../../db/database.js";
import type { DB } from "../../db/schema.js";

/**
 * Holds the pair of users until the transaction ends, on PostgreSQL (a transaction-level advisory
 * lock on the two ids, lower first, so either order names the same lock); SQLite runs one
 * transaction at a time anyway. Blocking takes it, and so does every change of the trade between
 * two users (an offer made, countered, accepted): of a block and such a change at the same moment,
 * the second waits for the first to commit and, reading after it, sees what it did. Taken first in
 * the transaction, before any row lock, so no one waiting for it holds a lock another needs.
 */
export async function lockPair(tx: Transaction<DB>, userId: number, otherId: number): Promise<void> {
  if (dialectOf(tx) !== "postgres") return;
  const [low, high] = userId < otherId ? [userId, otherId] : [otherId, userId];
  await sql`select pg_advisory_xact_lock(${low}::integer, ${high}::integer)`.execute(tx);
}

/** True when the block is new. */
export async function insertBlock(db: DbOrTx, blockerId: number, blockedId: number, createdAt: string) {
  const row = await db
    .insertInto("blocks")
    .values({ blockerId, blockedId, createdAt })
    .onConflict((oc) => oc.columns(["blockerId", "blockedId"]).doNothing())
    .returning("blockedId")
    .executeTakeFirst();
  return row !== undefined;
}

/** True when there was a block to remove. */
export async function deleteBlock(db: DbOrTx, blockerId: number, blockedId: number) {
  const row = await db
    .deleteFrom("blocks")
    .where("blockerId", "=", blockerId)
    .where("blockedId", "=", blockedId)
    .returning("blockedId")
    .executeTakeFirst();
  return row !== undefined;
}

/** Who of the two has blocked the other: the blockers' ids (none, one or both). */
export async function blockersBetween(db: DbOrTx, userId: number, otherId: number): Promise<number[]> {
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

export function blockedUsers(db: DbOrTx, blockerId: number) {
  return db
    .selectFrom("blocks")
    .innerJoin("users", "users.id", "blocks.blockedId")
    .select(["users.id", "users.username", "users.nickname", "users.avatarUrl", "blocks.createdAt"])
    .where("blocks.blockerId", "=", blockerId)
    .orderBy("blocks.createdAt", "desc")
    .orderBy("blocks.blockedId", "desc")
    .execute();
}
