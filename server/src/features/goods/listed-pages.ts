import type { GoodsSort } from "@xianzhi/contract";
import { type RawBuilder, sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import { preparedQueries } from "../../db/prepared-query.js";
import {
  compareGoods,
  type FilterParams,
  filterParams,
  filterShapeKey,
  type GoodsFilter,
  goodsOrder,
  idsAfter,
  isNarrowed,
  slottedConditions,
} from "./goods-filter.js";
import {
  countListedGoods,
  type GoodsWithSellerRow,
  type ListedTotal,
  selectGoodsWithSeller,
} from "./goods-repository.js";
import type { ListCursor } from "./list-cursor.js";
import { blockCategory, type PageBlocks, pageBlocksOf, pageStart, type StartSlots } from "./page-blocks.js";
import { type BandPlan, bandPlan, offIndexOf } from "./price-band-plan.js";

/** Pages of the public goods list: by page number (offset) or after a cursor (keyset). */

type PageParams = FilterParams & { limit: number; offset: number; blockCategory: string };
type PageRow = GoodsWithSellerRow & { total?: number | string };

/** The slots of the values a page start reads, those of the filter only when it has them. */
function startSlots(filter: GoodsFilter, slot: (name: keyof PageParams) => unknown): StartSlots {
  return {
    offset: slot("offset"),
    blockCategory: slot("blockCategory"),
    category: filter.category ? slot("category") : undefined,
    minPrice: filter.minPrice === undefined ? undefined : slot("minPrice"),
    maxPrice: filter.maxPrice === undefined ? undefined : slot("maxPrice"),
  };
}

/**
 * The goods of a page (a subquery of their ids) with their sellers and pictures, and (unless the
 * filter narrows past the category) the total from goods_stats beside each row.
 */
function withSellersAndTotal(
  db: DbOrTx,
  page: RawBuilder<{ id: number }>,
  filter: GoodsFilter,
  slot: (name: "category") => unknown,
) {
  // No ORDER BY out here: with one, SQLite walks the whole table in that order to probe the page.
  const rows = selectGoodsWithSeller(db).innerJoin(page.as("page"), "page.id", "goods.id");
  if (isNarrowed(filter)) return rows;
  const category = filter.category ? sql`WHERE category = ${slot("category")}` : sql``;
  return rows.select(
    sql<number | string>`(SELECT COALESCE(SUM(listed_count), 0) FROM goods_stats ${category})`.as("total"),
  );
}

/**
 * One page of listed goods with their sellers and pictures, in one query, with the total (see
 * withSellersAndTotal). Only ids are read with the offset, from the list index alone; the rows
 * themselves are then joined by id, so a deep page costs an index walk, not row reads, and from
 * counted blocks not even that (page-blocks.ts). Every order has a list index, so a page is never
 * sorted.
 */
const listedPageQuery = preparedQueries<
  PageParams,
  PageRow,
  { filter: GoodsFilter; sort: GoodsSort; blocks: PageBlocks | undefined; plan: BandPlan }
>(
  (db, slot, { filter, sort, blocks, plan }) => {
    // Deep pages start at the block their first row is in, read in the same statement as the page.
    const start = blocks && pageStart(blocks, sort, startSlots(filter, slot));
    const conditions = start
      ? sql`${slottedConditions({ ...filter, ...(start.replaces && { [start.replaces]: undefined }) }, slot)} AND ${start.bound}`
      : slottedConditions(filter, slot, offIndexOf(plan));
    const page = sql<{ id: number }>`(${start ? start.with : sql``} SELECT goods.id FROM goods WHERE ${conditions}
      ORDER BY ${goodsOrder(sort, undefined, plan === "sort band")} LIMIT ${slot("limit")} OFFSET ${start ? start.offset : slot("offset")})`;
    return withSellersAndTotal(db, page, filter, slot);
  },
  ({ filter, sort, blocks, plan }) => `${sort}:${filterShapeKey(filter)}:${blocks}:${plan}`,
);

type AfterParams = FilterParams & { limit: number; afterValue?: number; afterId: number };

/**
 * The page after a cursor's place (idsAfter): the list index walked from that place on, as the
 * first page walks it from the top, whatever the depth.
 */
const listedAfterQuery = preparedQueries<
  AfterParams,
  PageRow,
  { filter: GoodsFilter; sort: GoodsSort; plan: BandPlan }
>(
  (db, slot, { filter, sort, plan }) => {
    const place = { value: slot("afterValue"), id: slot("afterId") };
    const where = slottedConditions(filter, slot, offIndexOf(plan));
    const page = sql<{ id: number }>`(${idsAfter(sort, where, place, slot("limit"), plan === "sort band")})`;
    return withSellersAndTotal(db, page, filter, slot);
  },
  ({ filter, sort, plan }) => `${sort}:${filterShapeKey(filter)}:${plan}`,
);

/** Which page: by its number's offset, or the one after a cursor's place. */
export type ListWindow = { limit: number; offset: number } | { limit: number; after: ListCursor };

export interface ListedPage extends ListedTotal {
  rows: GoodsWithSellerRow[];
  /** More goods follow this page's last in the list. */
  more: boolean;
}

async function readListedRows(db: DbOrTx, filter: GoodsFilter, sort: GoodsSort, window: ListWindow) {
  const params = { ...filterParams(filter), blockCategory: blockCategory(filter) };
  if ("after" in window) {
    // One row past the page tells whether another page follows.
    const { value, id } = window.after;
    const after = { ...params, limit: window.limit + 1, afterValue: value, afterId: id };
    const plan = await bandPlan(db, filter, sort, after.limit);
    return listedAfterQuery.execute(db, { filter, sort, plan }, after);
  }
  const blocks = pageBlocksOf(sort, filter, window.offset);
  const plan = blocks ? undefined : await bandPlan(db, filter, sort, window.offset + window.limit);
  return listedPageQuery.execute(db, { filter, sort, blocks, plan }, { ...params, ...window });
}

export async function listedGoodsPage(
  db: DbOrTx,
  filter: GoodsFilter,
  sort: GoodsSort,
  window: ListWindow,
): Promise<ListedPage> {
  const rows = await readListedRows(db, filter, sort, window);
  rows.sort(compareGoods(sort));
  const total = rows[0]?.total;
  // A narrowed list, or a page past the end (no row to carry the total), counts apart.
  const counted =
    total === undefined ? await countListedGoods(db, filter) : { total: Number(total), totalCapped: false };
  if ("after" in window) return { rows: rows.slice(0, window.limit), more: rows.length > window.limit, ...counted };
  const more = rows.length === window.limit && (counted.totalCapped || window.offset + window.limit < counted.total);
  return { rows, more, ...counted };
}
