import type { GoodsVisibility } from "@xianzhi/contract";
import { sql } from "kysely";
import { type DbOrTx, dialectOf } from "../../db/database.js";
import { adjustListedCount } from "../goods-status/index.js";
import * as repo from "./goods-repository.js";

/** Goods are in the public lists while not sold and seen by everyone. */
export const listedOf = (status: string, visibility: string): 0 | 1 =>
  status !== "sold" && visibility === "public" ? 1 : 0;

/**
 * Moves goods to `to` if their visibility is one of `from`, keeping `listed` and the listed counts
 * in step; answers the goods as they were, or undefined when gone or not in `from` (a moderator
 * who acted first already moved them).
 */
export async function changeVisibility(
  tx: DbOrTx,
  goodsId: number,
  from: readonly GoodsVisibility[],
  to: GoodsVisibility,
  reason: string | null,
) {
  const goods = await repo.lockGoodsById(tx, goodsId);
  if (!goods || !from.includes(goods.visibility as GoodsVisibility)) return undefined;
  const listed = listedOf(goods.status, to);
  await repo.updateGoods(tx, goodsId, { visibility: to, moderationReason: reason, listed });
  await adjustListedCount(tx, goods.category, listed - goods.listed);
  return goods;
}

/** Listed goods of a seller per category, locked on PostgreSQL until the change that follows ends. */
async function lockSellerGoods(tx: DbOrTx, sellerId: number, visibility: GoodsVisibility) {
  const query = tx
    .selectFrom("goods")
    .select(["id", "category", "listed"])
    .where("sellerId", "=", sellerId)
    .where("visibility", "=", visibility);
  return (dialectOf(tx) === "postgres" ? query.forUpdate() : query).execute();
}

async function adjustCounts(tx: DbOrTx, rows: { category: string }[], delta: 1 | -1): Promise<void> {
  const perCategory = new Map<string, number>();
  for (const { category } of rows) perCategory.set(category, (perCategory.get(category) ?? 0) + 1);
  for (const [category, count] of perCategory) await adjustListedCount(tx, category, delta * count);
}

/** A suspended seller's public goods are seen by nobody else until the suspension ends. */
export async function hideSellerGoods(tx: DbOrTx, sellerId: number): Promise<void> {
  const goods = await lockSellerGoods(tx, sellerId, "public");
  await tx
    .updateTable("goods")
    .set({ visibility: "suspended", listed: 0 })
    .where("sellerId", "=", sellerId)
    .where("visibility", "=", "public")
    .execute();
  await adjustCounts(
    tx,
    goods.filter((row) => row.listed === 1),
    -1,
  );
}

/** The end of a suspension: the seller's goods hidden for it are back, those taken down stay down. */
export async function restoreSellerGoods(tx: DbOrTx, sellerId: number): Promise<void> {
  await lockSellerGoods(tx, sellerId, "suspended");
  const restored = await tx
    .updateTable("goods")
    .set({ visibility: "public", listed: sql<number>`CASE WHEN status = 'sold' THEN 0 ELSE 1 END` })
    .where("sellerId", "=", sellerId)
    .where("visibility", "=", "suspended")
    .returning(["category", "listed"])
    .execute();
  await adjustCounts(
    tx,
    restored.filter((row) => row.listed === 1),
    1,
  );
}
