import type { FavoriteExists, FavoriteIds, FavoriteState, Goods, Page, PageQuery } from "@xianzhi/contract";
import type { Db } from "../../db/database.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import { pageOf, pageWindow, requireGoods } from "../goods/goods-service.js";
import {
  adjustFavCount,
  deleteFavorite,
  favoriteAmong,
  favoriteExists,
  favoriteGoodsIds,
  insertFavorite,
} from "./favorite-repository.js";

/**
 * The favourite row and the goods' count change in one transaction, and the count moves only when
 * the row did: so repeated or simultaneous clicks never count twice.
 */
export async function addFavorite(db: Db, userId: number, goodsId: number): Promise<FavoriteState> {
  return db.transaction().execute(async (tx) => {
    const goods = await requireGoods(tx, goodsId);
    if (goods.sellerId === userId) throw appError("FAVORITE_OWN_GOODS");
    const added = await insertFavorite(tx, userId, goodsId, nowIso());
    const favCount = added ? await adjustFavCount(tx, goodsId, 1) : goods.favCount;
    return { exists: true, favCount };
  });
}

export async function removeFavorite(db: Db, userId: number, goodsId: number): Promise<FavoriteState> {
  return db.transaction().execute(async (tx) => {
    const goods = await requireGoods(tx, goodsId);
    const removed = await deleteFavorite(tx, userId, goodsId);
    const favCount = removed ? await adjustFavCount(tx, goodsId, -1) : goods.favCount;
    return { exists: false, favCount };
  });
}

export async function isFavorite(db: Db, userId: number, goodsId: number): Promise<FavoriteExists> {
  const exists = await favoriteExists(db, userId, goodsId);
  if (exists === null) throw appError("GOODS_NOT_FOUND");
  return { exists };
}

/** Ids that name no goods (any more) are simply not favourites. */
export async function favoriteIds(db: Db, userId: number, goodsIds: string[]): Promise<FavoriteIds> {
  const favorites = await favoriteAmong(db, userId, goodsIds.map(Number));
  return { goodsIds: favorites.map(String) };
}

/** Newest favourite first; sold goods stay in the list, marked as sold. */
export async function listFavorites(db: Db, userId: number, query: PageQuery): Promise<Page<Goods>> {
  const { ids, total } = await favoriteGoodsIds(db, userId, pageWindow(query));
  return pageOf(db, ids, total, query);
}
