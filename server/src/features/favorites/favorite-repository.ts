import { sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import { preparedQueries, preparedQuery } from "../../db/prepared-query.js";
import type { CurrentUser } from "../accounts/account-service.js";
import { liveSessionOf, type SessionKey } from "../accounts/session-repository.js";
import { type GoodsWithSellerRow, selectGoodsWithSeller } from "../goods/goods-repository.js";

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

const favoriteOfSession = preparedQuery<
  SessionKey & { goodsId: number },
  CurrentUser & { goods: number | null; favorite: number | null }
>((db, slot) =>
  liveSessionOf(db, slot).select([
    sql<number | null>`(SELECT 1 FROM goods WHERE goods.id = ${slot("goodsId")})`.as("goods"),
    sql<
      number | null
    >`(SELECT 1 FROM favorites WHERE favorites.user_id = sessions.user_id AND favorites.goods_id = ${slot("goodsId")})`.as(
      "favorite",
    ),
  ]),
);

/**
 * The live session of the key with, for its user, `goods` (null when there are no such goods) and
 * `favorite` (null when not a favourite): the session lookup and the answer in one query. Nothing
 * when the session is not live.
 */
export async function sessionFavorite(db: DbOrTx, key: SessionKey, goodsId: number) {
  const [row] = await favoriteOfSession.execute(db, { ...key, goodsId });
  return row;
}

/** One query per number of ids; its arguments are the user's id, then the goods ids. */
const favoriteAmongQuery = preparedQueries<readonly number[], { goodsId: number }, number>(
  (db, slot, count) =>
    db
      .selectFrom("favorites")
      .select("goodsId")
      .where("userId", "=", slot(0))
      .where(
        "goodsId",
        "in",
        Array.from({ length: count }, (_, i) => slot(i + 1)),
      ),
  String,
  // Planned with the user's id: a plan made for an average user would read every favourite of a
  // user who keeps thousands instead of looking up the 100 ids (milliseconds against microseconds).
  { planEachRun: true },
);

/** The ones among `goodsIds` the user keeps as favourites, read off the primary key. */
export async function favoriteAmong(db: DbOrTx, userId: number, goodsIds: number[]): Promise<number[]> {
  const rows = await favoriteAmongQuery.execute(db, goodsIds.length, [userId, ...goodsIds]);
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

type FavoritesPageParams = { userId: number; limit: number; offset: number };
type FavoritesPageRow = GoodsWithSellerRow & { favoritedAt: string; total: number | string };

/**
 * A window of a user's favourites with the goods, their sellers and pictures and the user's count
 * of favourites, in one query, read from the newest end of the index (user, time, goods id) or from
 * the oldest. The window's goods ids are read with the offset off that index alone; only their
 * goods rows are then joined.
 */
const favoritesWindowQuery = preparedQueries<FavoritesPageParams, FavoritesPageRow, "desc" | "asc">(
  (db, slot, direction) => {
    const window = db
      .selectFrom("favorites")
      .select(["favorites.goodsId", "favorites.createdAt"])
      .where("favorites.userId", "=", slot("userId"))
      .orderBy("favorites.createdAt", direction)
      .orderBy("favorites.goodsId", direction)
      .limit(slot("limit"))
      .offset(slot("offset"));
    // No ORDER BY out here (see listedPageQuery): the page's few rows are put in order once read.
    return selectGoodsWithSeller(db)
      .innerJoin(window.as("page"), "page.goodsId", "goods.id")
      .select([
        "page.createdAt as favoritedAt",
        sql<number | string>`(SELECT favorite_count FROM users WHERE users.id = ${slot("userId")})`.as("total"),
      ]);
  },
  String,
);

const favoriteCountQuery = preparedQuery<{ userId: number }, { favoriteCount: number }>((db, slot) =>
  db.selectFrom("users").select("favoriteCount").where("id", "=", slot("userId")),
);

const newestFavoriteFirst = (a: FavoritesPageRow, b: FavoritesPageRow) =>
  a.favoritedAt === b.favoritedAt ? b.id - a.id : a.favoritedAt < b.favoritedAt ? 1 : -1;

/**
 * A page of the user's favourite goods, newest favourite first, and how many favourites they keep
 * (off their row). A page past the middle is read from the oldest end, so the last page of a long
 * list walks as few index entries as the first.
 */
export async function favoriteGoodsPage(
  db: DbOrTx,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: GoodsWithSellerRow[]; total: number }> {
  // The first page is read newest first whatever the count: one statement, the count beside the rows.
  if (page.offset === 0) {
    const rows = await favoritesWindowQuery.execute(db, "desc", { userId, ...page });
    return { rows: rows.sort(newestFavoriteFirst), total: Number(rows[0]?.total ?? 0) };
  }
  const [user] = await favoriteCountQuery.execute(db, { userId });
  const total = Number(user?.favoriteCount ?? 0);
  if (page.offset >= total) return { rows: [], total };
  const fromOldest = page.offset + page.limit / 2 > total / 2;
  const window = fromOldest
    ? { limit: Math.min(page.limit, total - page.offset), offset: Math.max(0, total - page.offset - page.limit) }
    : page;
  const rows = await favoritesWindowQuery.execute(db, fromOldest ? "asc" : "desc", { userId, ...window });
  return { rows: rows.sort(newestFavoriteFirst), total };
}
