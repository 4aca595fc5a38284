import type { GoodsSort } from "@xianzhi/contract";
import { type RawBuilder, sql } from "kysely";
import { BLOCK_SHIFT, EVERY_CATEGORY } from "../../db/migrations/0015-listed-blocks.js";
import { PRICE_SHIFT } from "../../db/migrations/0020-price-blocks.js";
import { type GoodsFilter, isNarrowed } from "./goods-filter.js";

/**
 * The counts a deep page starts from, instead of walking the list index from its top: listed goods
 * per block of ids for newest first (migration 0015), per block of prices for the price orders
 * (0020). A page sums the blocks in its order up to the one its first row is in, then walks that
 * block alone.
 */
export type PageBlocks = "ids" | "prices";

/**
 * From these offsets on a page starts from the blocks; nearer the top a walk of the index is as
 * short. A price page also counts the goods of its first block below the range (a walk of up to a
 * block), so it gains later.
 */
const BLOCKS_FROM: Record<PageBlocks, number> = { ids: 2 ** BLOCK_SHIFT, prices: 4 * 2 ** BLOCK_SHIFT };

/**
 * The blocks a page of this list can start from, if any: none narrow by condition or city, nor
 * leave out the sellers a viewer blocked.
 */
export function pageBlocksOf(sort: GoodsSort, filter: GoodsFilter, offset: number): PageBlocks | undefined {
  const priceBlocksCount = !filter.condition?.length && !filter.city && filter.blockerId === undefined;
  const blocks = sort === "latest" ? !isNarrowed(filter) && "ids" : sort !== "popular" && priceBlocksCount && "prices";
  return blocks && offset >= BLOCKS_FROM[blocks] ? blocks : undefined;
}

/** The category whose blocks count a list's goods. */
export const blockCategory = (filter: GoodsFilter) => filter.category || EVERY_CATEGORY;

/** A prepared query's slots for the values a page start reads. */
export interface StartSlots {
  offset: unknown;
  /** blockCategory's. */
  blockCategory: unknown;
  category?: unknown;
  minPrice?: unknown;
  maxPrice?: unknown;
}

/** How a kind of blocks divides its column, in the page's order. */
interface BlockSpan {
  table: "listed_blocks" | "price_blocks";
  column: "goods.id" | "goods.price_cents";
  shift: number;
  descending: boolean;
  /**
   * Where the filter's range starts (a price), when not at the end of the column: the block it is
   * in, the value itself, and the listed goods of that block before it.
   */
  range?: { first: RawBuilder<number>; start: unknown; before: RawBuilder<number> };
  /** The filter's own condition on that start, which the page's bound takes the place of. */
  replaces?: "minPrice" | "maxPrice";
}

function spanOf(blocks: PageBlocks, sort: GoodsSort, slots: StartSlots): BlockSpan {
  if (blocks === "ids") return { table: "listed_blocks", column: "goods.id", shift: BLOCK_SHIFT, descending: true };
  const shift = sql.lit(PRICE_SHIFT);
  // A slot's type is not known where only a shift reads it: PostgreSQL would not know which >> to use.
  const blockOf = (price: unknown) => sql<number>`(CAST(${price} AS INTEGER) >> ${shift})`;
  const inCategory = slots.category === undefined ? sql`` : sql`AND category = ${slots.category}`;
  const countListed = (range: RawBuilder<boolean>) =>
    sql<number>`SELECT COUNT(*) FROM goods WHERE listed = 1 ${inCategory} AND ${range}`;
  const prices = { table: "price_blocks", column: "goods.price_cents", shift: PRICE_SHIFT } as const;
  if (sort === "price_desc") {
    const max = slots.maxPrice;
    if (max === undefined) return { ...prices, descending: true };
    const before = countListed(sql`price_cents > ${max} AND price_cents < (${blockOf(max)} + 1) << ${shift}`);
    return { ...prices, descending: true, range: { first: blockOf(max), start: max, before }, replaces: "maxPrice" };
  }
  const min = slots.minPrice;
  if (min === undefined) return { ...prices, descending: false };
  const before = countListed(sql`price_cents >= ${blockOf(min)} << ${shift} AND price_cents < ${min}`);
  return { ...prices, descending: false, range: { first: blockOf(min), start: min, before }, replaces: "minPrice" };
}

export interface PageStart {
  /** WITH clauses ending in a CTE `start`: the value the page starts at, and how many rows from there it skips. */
  with: RawBuilder<unknown>;
  /** The page's rows are from that value on: the bound keeps the walk to the block and after. */
  bound: RawBuilder<boolean>;
  offset: RawBuilder<number>;
  /** The filter's condition the bound stands for (the bound is the one range an index walk can start from). */
  replaces?: "minPrice" | "maxPrice";
}

/**
 * Where a page starts, from the blocks: the block its first row is in, summed in the page's order
 * from the filter's range start (that block's goods before the start left out), and how many of
 * that block's rows in the range come before it. Past the range's last goods there is no such
 * block: the bound holds for no row and the page is empty. The running sum is read in the page's
 * order and stops at the block that holds the offset (an ORDER BY would sort every block first);
 * the start is worked out once, not once for the bound and again for the offset.
 */
export function pageStart(blocks: PageBlocks, sort: GoodsSort, slots: StartSlots): PageStart {
  const { table, column, shift, descending, range, replaces } = spanOf(blocks, sort, slots);
  const edge = descending ? sql`((block + 1) << ${sql.lit(shift)}) - 1` : sql`block << ${sql.lit(shift)}`;
  const { offset } = slots;
  const inRange = range
    ? sql`listed_count - CASE WHEN block = ${range.first} THEN (SELECT n FROM before) ELSE 0 END`
    : sql`listed_count`;
  const fromFirst = range ? sql`AND block ${sql.raw(descending ? "<=" : ">=")} ${range.first}` : sql``;
  const running = sql`SELECT block, in_range, SUM(in_range) OVER (ORDER BY block ${sql.raw(descending ? "DESC" : "ASC")} ROWS UNBOUNDED PRECEDING) AS through
    FROM (SELECT block, ${inRange} AS in_range FROM ${sql.table(table)} WHERE category = ${slots.blockCategory} ${fromFirst}) AS blocks`;
  const bound = range ? sql`CASE WHEN block = ${range.first} THEN ${range.start} ELSE ${edge} END` : edge;
  return {
    with: sql`WITH ${range ? sql`before (n) AS MATERIALIZED (${range.before}), ` : sql``}start (bound, skip) AS MATERIALIZED (
      SELECT ${bound}, ${offset} - (through - in_range) FROM (${running}) AS running
      WHERE through > ${offset} AND through - in_range <= ${offset} LIMIT 1)`,
    bound: sql`${sql.ref(column)} ${sql.raw(descending ? "<=" : ">=")} (SELECT bound FROM start)`,
    offset: sql<number>`COALESCE((SELECT skip FROM start), 0)`,
    replaces,
  };
}
