import type { GoodsSort } from "@xianzhi/contract";
import type { Insertable, Updateable } from "kysely";
import { type DbOrTx, dialectOf } from "../../db/database.js";
import type { GoodsTable } from "../../db/schema.js";
import { type GoodsFilter, goodsOrder, listedMatching } from "./goods-filter.js";

export type { GoodsFilter } from "./goods-filter.js";

/** The goods columns replies are made from (PostgreSQL's search vector stays in the database). */
const GOODS_COLUMNS = [
  "goods.id",
  "goods.sellerId",
  "goods.title",
  "goods.description",
  "goods.priceCents",
  "goods.originalPriceCents",
  "goods.category",
  "goods.condition",
  "goods.location",
  "goods.status",
  "goods.listed",
  "goods.viewCount",
  "goods.favCount",
  "goods.commentCount",
  "goods.createdAt",
  "goods.updatedAt",
] as const;

/** Goods with their seller's public fields, the shape every goods reply is made from. */
export function selectGoodsWithSeller(db: DbOrTx) {
  return db
    .selectFrom("goods")
    .innerJoin("users", "users.id", "goods.sellerId")
    .select(GOODS_COLUMNS)
    .select([
      "users.username as sellerUsername",
      "users.nickname as sellerNickname",
      "users.avatarUrl as sellerAvatarUrl",
    ]);
}
export type GoodsWithSellerRow = Awaited<
  ReturnType<ReturnType<typeof selectGoodsWithSeller>["executeTakeFirstOrThrow"]>
>;

/**
 * Reads goods to change them: on PostgreSQL the row stays locked until the transaction ends, so two
 * changes at once cannot both adjust the counters from the same old state. SQLite has one writer
 * at a time anyway.
 */
export function lockGoodsById(tx: DbOrTx, id: number) {
  const query = tx.selectFrom("goods").select(GOODS_COLUMNS).where("goods.id", "=", id);
  return (dialectOf(tx) === "postgres" ? query.forUpdate() : query).executeTakeFirst();
}

/** Rows for the ids given, in the order given. */
export async function goodsByIds(db: DbOrTx, ids: number[]): Promise<GoodsWithSellerRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectGoodsWithSeller(db).where("goods.id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function insertGoods(db: DbOrTx, goods: Insertable<GoodsTable>): Promise<number> {
  const row = await db.insertInto("goods").values(goods).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGoods(db: DbOrTx, id: number, changes: Updateable<GoodsTable>): Promise<void> {
  await db.updateTable("goods").set(changes).where("id", "=", id).execute();
}

export async function deleteGoods(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom("goods").where("id", "=", id).execute();
}

export async function countView(db: DbOrTx, id: number): Promise<void> {
  await db
    .updateTable("goods")
    .set((eb) => ({ viewCount: eb("viewCount", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

export async function adjustListedCount(db: DbOrTx, category: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable("goodsStats")
    .set((eb) => ({ listedCount: eb("listedCount", "+", delta) }))
    .where("category", "=", category)
    .execute();
}

export async function listedCount(db: DbOrTx, category?: string): Promise<number> {
  let query = db
    .selectFrom("goodsStats")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("listedCount"), eb.lit(0)).as("n"));
  if (category) query = query.where("category", "=", category);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One page of listed goods' ids. Only ids are read with the offset, from the index alone; the
 * rows themselves are then fetched by id, so a deep page costs an index walk, not row reads.
 */
export async function listedGoodsIds(
  db: DbOrTx,
  filter: GoodsFilter,
  sort: GoodsSort,
  page: { limit: number; offset: number },
): Promise<number[]> {
  // Every order has a list index, so a page is read off an index, never sorted.
  const rows = await db
    .selectFrom("goods")
    .select("goods.id")
    .where(listedMatching(filter))
    .orderBy(goodsOrder(sort))
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((row) => row.id);
}

export async function countListedGoods(db: DbOrTx, filter: GoodsFilter): Promise<number> {
  const { category, ...narrowing } = filter;
  if (Object.values(narrowing).every((value) => value === undefined)) return listedCount(db, category);
  const row = await db
    .selectFrom("goods")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(listedMatching(filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function sellerGoodsIds(
  db: DbOrTx,
  sellerId: number,
  status: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  let base = db.selectFrom("goods").where("sellerId", "=", sellerId);
  if (status) base = base.where("status", "=", status);
  const rows = await base.select("id").orderBy("id", "desc").limit(page.limit).offset(page.offset).execute();
  const count = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return { ids: rows.map((row) => row.id), total: Number(count.n) };
}
