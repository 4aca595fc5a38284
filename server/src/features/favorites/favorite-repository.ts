import { sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import { preparedQuery } from "../../db/prepared-query.js";

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

const favoriteOfGoods = preparedQuery<{ userId: number; goodsId: number }, { favorite: number | null }>((db, slot) =>
  db
    .selectFrom("goods")
    .select(
      sql<
        number | null
      >`(SELECT 1 FROM favorites WHERE favorites.user_id = ${slot("userId")} AND favorites.goods_id = goods.id)`.as(
        "favorite",
      ),
    )
    .where("goods.id", "=", slot("goodsId")),
);

/** Whether the user keeps the goods as a favourite; null when there are no such goods. One query. */
export async function favoriteExists(db: DbOrTx, userId: number, goodsId: number): Promise<boolean | null> {
  const [row] = await favoriteOfGoods.execute(db, { userId, goodsId });
  return row ? row.favorite !== null : null;
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
