import { sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import { preparedQueries, preparedQuery } from "../../db/prepared-query.js";
import type { CurrentUser } from "../accounts/index.js";
import { liveSessionOf, type SessionKey } from "../accounts/index.js";
import { type GoodsWithSellerRow, selectGoodsWithSeller } from "../goods/index.js";

/**
 * True when the favourite is new; adding one that exists changes nothing (it keeps the price it
 * was made at). The price is read in the insert itself, so an edit in between cannot slip past it.
 */
export async function insertFavorite(db: DbOrTx, userId: number, goodsId: number, createdAt: string): Promise<boolean> {
  const row = await db
    .insertInto("favorites")
    .values((eb) => ({
      userId,
      goodsId,
      createdAt,
      favoritedPriceCents: eb.selectFrom("goods").select("goods.priceCents").where("goods.id", "=", goodsId),
    }))
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
  CurrentUser & { priceCents: number | null; favoritedPriceCents: number | null }
>((db, slot) =>
  liveSessionOf(db, slot).select([
    sql<number | null>`(SELECT price_cents FROM goods WHERE goods.id = ${slot("goodsId")})`.as("priceCents"),
    sql<
      number | null
    >`(SELECT favorited_price_cents FROM favorites WHERE favorites.user_id = sessions.user_id AND favorites.goods_id = ${slot("goodsId")})`.as(
      "favoritedPriceCents",
    ),
  ]),
);

/**
 * The live session of the key with, for its user, the goods' `priceCents` (null when there are no
 * such goods) and the `favoritedPriceCents` they were kept at (null when not a favourite): the
 * session lookup and the answer in one query. Nothing when the session is not live.
 */
export async function sessionFavorite(db: DbOrTx, key: SessionKey, goodsId: number) {
  const [row] = await favoriteOfSession.execute(db, { ...key, goodsId });
  return row;
}

export interface FavoritePrice {
  goodsId: number;
  favoritedPriceCents: number;
  priceCents: number;
}

/** One query per number of ids; its arguments are the user's id, then the goods ids. */
const favoriteAmongQuery = preparedQueries<readonly number[], FavoritePrice, number>(
  (db, slot, count) =>
    db
      .selectFrom("favorites")
      .select([
        "favorites.goodsId",
        "favorites.favoritedPriceCents",
        // A subquery rather than a join: the goods are read only for the ids that are favourites,
        // not for every id asked about.
        sql<number>`(SELECT price_cents FROM goods WHERE goods.id = favorites.goods_id)`.as("priceCents"),
      ])
      .where("favorites.userId", "=", slot(0))
      .where(
        "favorites.goodsId",
        "in",
        Array.from({ length: count }, (_, i) => slot(i + 1)),
      ),
  String,
  // Planned with the user's id: a plan made for an average user would read every favourite of a
  // user who keeps thousands instead of looking up the 100 ids (milliseconds against microseconds).
  { planEachRun: true },
);

/**
 * The ones among `goodsIds` the user keeps as favourites, read off the primary key, with the price
 * each was kept at and the goods' price now.
 */
export function favoriteAmong(db: DbOrTx, userId: number, goodsIds: number[]): Promise<FavoritePrice[]> {
  return favoriteAmongQuery.execute(db, goodsIds.length, [userId, ...goodsIds]);
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
export type FavoriteGoodsRow = GoodsWithSellerRow & { favoritedPriceCents: number };
type FavoritesPageRow = FavoriteGoodsRow & { favoritedAt: string; total: number | string };

/**
 * A window of a user's favourites with the goods, their sellers and pictures, the price each was
 * kept at and the user's count of favourites, in one query, read from the newest end of the index
 * (user, time, goods id) or from the oldest. The window's goods ids are read with the offset off
 * that index alone; only their goods rows, and their favourites' rows for the price, are then read
 * (the price in the window would read a row for every favourite the offset skips). The price is a
 * subquery by key, not a join: joined, SQLite reads all of the user's favourites first and looks
 * the window up in them, 10,000 rows for a page of 20 (100 ms instead of 0.3).
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
    // Goods others cannot see (taken down, held, their seller suspended) are left out of the page.
    return selectGoodsWithSeller(db)
      .innerJoin(window.as("page"), "page.goodsId", "goods.id")
      .where("goods.visibility", "=", "public")
      .select([
        "page.createdAt as favoritedAt",
        sql<number>`(SELECT kept.favorited_price_cents FROM favorites AS kept
          WHERE kept.user_id = ${slot("userId")} AND kept.goods_id = page.goods_id)`.as("favoritedPriceCents"),
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
): Promise<{ rows: FavoriteGoodsRow[]; total: number }> {
  // The first page is read newest first whatever the count: one statement, the count beside the rows.
  if (page.offset === 0) {
    const rows = await favoritesWindowQuery.execute(db, "desc", { userId, ...page });
    if (rows[0]) return { rows: rows.sort(newestFavoriteFirst), total: Number(rows[0].total) };
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
