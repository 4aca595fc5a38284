import { GoodsLimits } from "@xianzhi/contract";
import { type Insertable, sql, type Updateable } from "kysely";
import { type Db, type DbOrTx, dialectOf } from "../../db/database.js";
import { preparedQueries, preparedQuery } from "../../db/prepared-query.js";
import type { GoodsTable } from "../../db/schema.js";
import {
  type FilterParams,
  filterParams,
  filterShapeKey,
  type GoodsFilter,
  isNarrowed,
  type OffIndex,
  slottedConditions,
} from "./goods-filter.js";
import { bandPlan } from "./price-band-plan.js";

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
  "goods.visibility",
  "goods.moderationReason",
  "goods.viewCount",
  "goods.favCount",
  "goods.commentCount",
  "goods.createdAt",
  "goods.updatedAt",
] as const;

/**
 * The goods' pictures as "position:id:fileId,…" (file ids are hex), read with the goods so that a
 * page of goods is one query; string_agg runs on both databases. Put in order by the mapper: an
 * ORDER BY inside the aggregate makes SQLite build a sorter per goods, doubling the page's cost.
 */
const PICTURE_LIST = sql<
  string | null
>`(SELECT string_agg(pictures.position || ':' || pictures.id || ':' || pictures.file_id, ',')
  FROM pictures WHERE pictures.goods_id = goods.id)`;

/** Goods with their seller's public fields and their pictures, the shape every goods reply is made from. */
export function selectGoodsWithSeller(db: DbOrTx) {
  return db
    .selectFrom("goods")
    .innerJoin("users", "users.id", "goods.sellerId")
    .select(GOODS_COLUMNS)
    .select([
      "users.username as sellerUsername",
      "users.nickname as sellerNickname",
      "users.avatarUrl as sellerAvatarUrl",
      PICTURE_LIST.as("pictureList"),
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

/** The goods' seller, read without a lock (it never changes): to lock the pair before the goods. */
export async function sellerOfGoods(db: DbOrTx, id: number): Promise<number | undefined> {
  return (await db.selectFrom("goods").select("sellerId").where("id", "=", id).executeTakeFirst())?.sellerId;
}

const goodsById = preparedQuery<{ id: number }, GoodsWithSellerRow>((db, slot) =>
  selectGoodsWithSeller(db).where("goods.id", "=", slot("id")),
);

/** One query per number of ids: an IN list of that many slots. */
const goodsByIdList = preparedQueries<readonly number[], GoodsWithSellerRow, number>(
  (db, slot, count) =>
    selectGoodsWithSeller(db).where(
      "goods.id",
      "in",
      Array.from({ length: count }, (_, i) => slot(i)),
    ),
  String,
);

/** Rows for the ids given, in the order given. */
export async function goodsByIds(db: DbOrTx, ids: readonly number[]): Promise<GoodsWithSellerRow[]> {
  if (ids.length === 0) return [];
  if (ids.length === 1) return goodsById.execute(db, { id: ids[0] as number });
  const rows = await goodsByIdList.execute(db, ids.length, ids);
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

const addViewsQuery = preparedQuery<{ id: number; views: number }, never>((db, slot) =>
  db
    .updateTable("goods")
    .set((eb) => ({ viewCount: eb("viewCount", "+", slot("views")) }))
    .where("id", "=", slot("id")),
);

/**
 * Views counted since the last write, per goods, all at once. On PostgreSQL one statement takes
 * them as two arrays: an update per goods would be a round trip each, holding a pooled connection
 * for all of them every second. SQLite runs its updates in-process, so a loop costs no more.
 */
export async function addViews(db: Db, views: [goodsId: number, count: number][]): Promise<void> {
  if (dialectOf(db) === "postgres") {
    const ids = views.map(([id]) => id);
    const counts = views.map(([, count]) => count);
    await sql`UPDATE goods SET view_count = goods.view_count + v.views
      FROM unnest(${ids}::integer[], ${counts}::integer[]) AS v(id, views) WHERE goods.id = v.id`.execute(db);
    return;
  }
  await db.transaction().execute(async (tx) => {
    for (const [id, count] of views) await addViewsQuery.execute(tx, { id, views: count });
  });
}

const listedCountQuery = preparedQueries<{ category?: string }, { n: number | string }, boolean>(
  (db, slot, byCategory) => {
    const query = db
      .selectFrom("goodsStats")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("listedCount"), eb.lit(0)).as("n"));
    return byCategory ? query.where("category", "=", slot("category") as string) : query;
  },
  String,
);

/** Listed goods, of a category or all: kept up to date in goods_stats, so no count over the goods. */
export async function listedCount(db: DbOrTx, category?: string): Promise<number> {
  const [row] = await listedCountQuery.execute(db, Boolean(category), { category: category || undefined });
  return Number(row?.n ?? 0);
}

/** Counts past the cap stop there: a wide price range would otherwise read most of the goods. */
const matchingCountQuery = preparedQueries<
  FilterParams & { upTo: number },
  { n: number | string },
  { filter: GoodsFilter; offIndex: OffIndex }
>(
  (db, slot, { filter, offIndex }) =>
    db
      .selectFrom(
        db
          .selectFrom("goods")
          .select("goods.id")
          .where(slottedConditions(filter, slot, offIndex))
          .limit(slot("upTo"))
          .as("m"),
      )
      .select((eb) => eb.fn.countAll<number>().as("n")),
  ({ filter, offIndex }) => `${filterShapeKey(filter)}:${offIndex}`,
);

export interface ListedTotal {
  total: number;
  /** More goods match than `total` says (a narrowed list's count stops at the cap). */
  totalCapped: boolean;
}

export async function countListedGoods(db: DbOrTx, filter: GoodsFilter): Promise<ListedTotal> {
  if (!isNarrowed(filter)) return { total: await listedCount(db, filter.category), totalCapped: false };
  const cap = GoodsLimits.narrowedListTotalCap;
  // A narrow band with a condition is counted off the band, not the condition's index (as a page is).
  const plan = filter.condition?.length ? await bandPlan(db, filter, "latest", cap + 1) : undefined;
  const shape = { filter, offIndex: plan === "sort band" ? ("conditions" as const) : undefined };
  const [row] = await matchingCountQuery.execute(db, shape, { ...filterParams(filter), upTo: cap + 1 });
  const counted = Number(row?.n ?? 0);
  return { total: Math.min(counted, cap), totalCapped: counted > cap };
}

export async function sellerGoodsIds(
  db: DbOrTx,
  sellerId: number,
  status: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  let base = db.selectFrom("goods").where("sellerId", "=", sellerId);
  if (status) base = base.where("status", "=", status);
  const [rows, count] = await Promise.all([
    base.select("id").orderBy("id", "desc").limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(count.n) };
}
