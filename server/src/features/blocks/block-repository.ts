import type { DbOrTx } from "../../db/database.js";

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
