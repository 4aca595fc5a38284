import { type RawBuilder, sql } from "kysely";
import { BLOCK_SHIFT, EVERY_CATEGORY } from "../../db/migrations/0015-listed-blocks.js";
import type { GoodsFilter } from "./goods-filter.js";

/**
 * Pages from this offset on, newest first, of all goods or of one category, are read from the
 * listed blocks (migration 0015); nearer the top, a walk of the index is as short.
 */
export const BLOCK_SIZE = 2 ** BLOCK_SHIFT;

/** The category whose blocks count a list's goods. */
export const blockCategory = (filter: GoodsFilter) => filter.category || EVERY_CATEGORY;

/**
 * Where a page starts, from the listed blocks: `end` is the id the page's first row is below (the
 * top of the block it is in), `skip` how many listed goods of that block come before it. Past the
 * last goods `end` is NULL, which no id is below: the page is empty. One block holds the offset,
 * whatever order the running sum comes in; read newest first, as it is, it stops there (an ORDER
 * BY would sort every block first).
 */
export function pageStart(offset: unknown, category: unknown): { end: RawBuilder<number>; skip: RawBuilder<number> } {
  const start = (column: RawBuilder<unknown>) => sql<number>`(SELECT ${column} FROM (
      SELECT block, listed_count, SUM(listed_count) OVER (ORDER BY block DESC ROWS UNBOUNDED PRECEDING) AS through
      FROM listed_blocks WHERE category = ${category}
    ) AS running WHERE through > ${offset} AND through - listed_count <= ${offset} LIMIT 1)`;
  return {
    end: start(sql`(block + 1) * ${sql.lit(BLOCK_SIZE)}`),
    skip: sql<number>`COALESCE(${start(sql`${offset} - (through - listed_count)`)}, 0)`,
  };
}
