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
