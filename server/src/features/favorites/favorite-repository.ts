import type { DbOrTx } from "../../db/database.js";

/** True when the favourite is new; adding one that exists changes nothing. */
export async function insertFavorite(db: DbOrTx, userId: number, goodsId: number, createdAt: string): Promise<boolean> {
  const row = await db
    .insertInto("favorites")
    .values({ userId, goodsId, createdAt })
    .onConflict((oc) => oc.columns(["userId", "goodsId"]).doNothing())
    .returning("goodsId")
    .executeTakeFirst();
  return row !== undefined;
}

/** True when there was a favourite to remove. */
export async function deleteFavorite(db: DbOrTx, userId: number, goodsId: number): Promise<boolean> {
  const row = await db
    .deleteFrom("favorites")
    .where("userId", "=", userId)
    .where("goodsId", "=", goodsId)
    .returning("goodsId")
    .executeTakeFirst();
  return row !== undefined;
}

export async function favoriteExists(db: DbOrTx, userId: number, goodsId: number): Promise<boolean> {
  const row = await db
    .selectFrom("favorites")
    .select("goodsId")
    .where("userId", "=", userId)
    .where("goodsId", "=", goodsId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The ones among `goodsIds` the user keeps as favourites, read off the primary key. */
export async function favoriteAmong(db: DbOrTx, userId: number, goodsIds: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom("favorites")
    .select("goodsId")
    .where("userId", "=", userId)
    .where("goodsId", "in", goodsIds)
    .execute();
  return rows.map((row) => row.goodsId);
}

export async function adjustFavCount(db: DbOrTx, goodsId: number, delta: number): Promise<number> {
  const row = await db
    .updateTable("goods")
    .set((eb) => ({ favCount: eb("favCount", "+", delta) }))
    .where("id", "=", goodsId)
    .returning("favCount")
    .executeTakeFirstOrThrow();
  return row.favCount;
}

export async function favoriteGoodsIds(db: DbOrTx, userId: number, page: { limit: number; offset: number }) {
  const base = db.selectFrom("favorites").where("userId", "=", userId);
  const rows = await base
    .select("goodsId")
    .orderBy("createdAt", "desc")
    .orderBy("goodsId", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return { ids: rows.map((row) => row.goodsId), total: Number(count.n) };
}
