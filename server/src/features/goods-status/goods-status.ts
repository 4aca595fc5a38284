import type { GoodsStatus } from "@xianzhi/contract";
import { sql } from "kysely";
import { type DbOrTx, dialectOf } from "../../db/database.js";
import { nowIso } from "../../lib/clock.js";

/** Whether goods of a status count in the lists (sold goods leave them; reserved stay). */
const isListed = (status: string): 0 | 1 => (status === "sold" ? 0 : 1);

/**
 * Locks goods before a change of their status: on PostgreSQL the row stays locked until the
 * transaction ends, so two changes at once take turns. SQLite has one writer at a time anyway.
 */
export async function lockGoodsStatus(tx: DbOrTx, id: number): Promise<void> {
  const query = tx.selectFrom("goods").select("id").where("id", "=", id);
  await (dialectOf(tx) === "postgres" ? query.forUpdate() : query).executeTakeFirst();
}

/** Moves the count of listed goods of a category (the lists' totals) by `delta`. */
export async function adjustListedCount(db: DbOrTx, category: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable("goodsStats")
    .set((eb) => ({ listedCount: eb("listedCount", "+", delta) }))
    .where("category", "=", category)
    .execute();
}

/**
 * Moves goods from one status to another, only while they are still `from` (a deal's steps: two
 * of them at once change the goods once), and keeps the lists' counts; answers the goods' title
 * when they moved. Goods others cannot see stay out of the lists whatever their status.
 */
export async function moveGoodsStatus(
  tx: DbOrTx,
  goodsId: number,
  from: GoodsStatus,
  to: GoodsStatus,
): Promise<{ title: string } | undefined> {
  const listedChange = isListed(to) - isListed(from);
  const listed =
    listedChange === 0 ? {} : { listed: sql<number>`CASE WHEN visibility = 'public' THEN ${isListed(to)} ELSE 0 END` };
  const moved = await tx
    .updateTable("goods")
    .set({ status: to, updatedAt: nowIso(), ...listed })
    .where("id", "=", goodsId)
    .where("status", "=", from)
    .returning(["category", "title", "visibility"])
    .executeTakeFirst();
  if (moved?.visibility === "public") await adjustListedCount(tx, moved.category, listedChange);
  return moved;
}

/** Whether a deal holds the goods (reserved for a buyer): they may not be edited or deleted then. */
export async function hasReservedDeal(db: DbOrTx, goodsId: number): Promise<boolean> {
  const row = await db
    .selectFrom("deals")
    .select("id")
    .where("goodsId", "=", goodsId)
    .where("status", "=", "reserved")
    .executeTakeFirst();
  return row !== undefined;
}
