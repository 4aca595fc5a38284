import type {
  FavoriteExists,
  FavoriteGoods,
  FavoriteIds,
  FavoriteState,
  Page,
  PageQuery,
  PriceDropCents,
} from "@xianzhi/contract";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import type { CurrentUser, SessionKey } from "../accounts/index.js";
import { pageWindow, requireGoods, toGoodsList } from "../goods/index.js";
import {
  adjustFavCount,
  deleteFavorite,
  type FavoriteGoodsRow,
  favoriteAmong,
  favoriteGoodsPage,
  insertFavorite,
  sessionFavorite,
} from "./favorite-repository.js";

/** How much cheaper the goods are than when kept; a price raised since is no drop. */
function priceDrop(favoritedPriceCents: number, priceCents: number): PriceDropCents {
  return Math.max(0, favoritedPriceCents - priceCents);
}

/**
 * The favourite row and the goods' count change in one transaction, and the count moves only when
 * the row did: so repeated or simultaneous clicks never count twice.
 */
/** The seller is told of a new favourite (once until they have read it). */
export async function addFavorite(
  { db, outbox }: Deps<"db" | "outbox">,
  userId: number,
  goodsId: number,
): Promise<FavoriteState> {
  const state = await db.transaction().execute(async (tx) => {
    const goods = await requireGoods(tx, goodsId);
    if (goods.sellerId === userId) throw appError("FAVORITE_OWN_GOODS");
    const added = await insertFavorite(tx, userId, goodsId, nowIso());
    if (!added) return { exists: true, favCount: goods.favCount };
    await outbox.record(tx, [{ userId: goods.sellerId, kind: "favorite", actorId: userId, goodsId }]);
    return { exists: true, favCount: await adjustFavCount(tx, goodsId, 1) };
  });
  outbox.push();
  return state;
}

export async function removeFavorite({ db }: Deps<"db">, userId: number, goodsId: number): Promise<FavoriteState> {
  return db.transaction().execute(async (tx) => {
    const goods = await requireGoods(tx, goodsId);
    const removed = await deleteFavorite(tx, userId, goodsId);
    const favCount = removed ? await adjustFavCount(tx, goodsId, -1) : goods.favCount;
    return { exists: false, favCount };
  });
}

/**
 * Whether the user of a live session keeps the goods as a favourite, read with the session in one
 * query (the call a detail page makes for every visitor who is signed in). Nothing when the
 * session is not live; 404 when there are no such goods.
 */
export async function favoriteOfSession(
  { db }: Deps<"db">,
  key: SessionKey,
  goodsId: number,
): Promise<(CurrentUser & FavoriteExists) | undefined> {
  const row = await sessionFavorite(db, key, goodsId);
  if (!row) return undefined;
  if (row.priceCents === null) throw appError("GOODS_NOT_FOUND");
  const { favoritedPriceCents } = row;
  return {
    userId: row.userId,
    sessionId: row.sessionId,
    exists: favoritedPriceCents !== null,
    priceDropCents: favoritedPriceCents === null ? 0 : priceDrop(favoritedPriceCents, row.priceCents),
  };
}

/** Ids that name no goods (any more) are simply not favourites. */
export async function favoriteIds({ db }: Deps<"db">, userId: number, goodsIds: string[]): Promise<FavoriteIds> {
  const favorites = await favoriteAmong(db, userId, goodsIds.map(Number));
  const priceDropCents: FavoriteIds["priceDropCents"] = {};
  for (const favorite of favorites) {
    const drop = priceDrop(favorite.favoritedPriceCents, favorite.priceCents);
    if (drop > 0) priceDropCents[favorite.goodsId] = drop;
  }
  return { goodsIds: favorites.map((favorite) => String(favorite.goodsId)), priceDropCents };
}

function toFavoriteGoodsList(rows: FavoriteGoodsRow[]): FavoriteGoods[] {
  return toGoodsList(rows).map((goods, i) => {
    const row = rows[i] as FavoriteGoodsRow;
    return { ...goods, priceDropCents: priceDrop(row.favoritedPriceCents, row.priceCents) };
  });
}

/** Newest favourite first; sold goods stay in the list, marked as sold. */
export async function listFavorites(
  { db }: Deps<"db">,
  userId: number,
  query: PageQuery,
): Promise<Page<FavoriteGoods>> {
  const { rows, total } = await favoriteGoodsPage(db, userId, pageWindow(query));
  return { list: toFavoriteGoodsList(rows), total, page: query.page, pageSize: query.pageSize };
}
