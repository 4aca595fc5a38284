import { CONDITIONS, type GoodsSort } from "@xianzhi/contract";
import { sql } from "kysely";
import { type DbOrTx, dialectOf } from "../../db/database.js";
import { PRICE_SHIFT } from "../../db/migrations/0020-price-blocks.js";
import type { GoodsFilter, OffIndex } from "./goods-filter.js";
import { blockCategory } from "./page-blocks.js";

/**
 * SQLite: a list by time or popularity narrowed to a price band can be read two ways: walk the
 * sort's own index, testing each entry's price there (its trailing column, migration 0029), until
 * the page is full; or read the band off the price index and sort all of it. SQLite's planner
 * takes the band every time, which for a wide band sorts a quarter of the goods (popular, ¥500 to
 * ¥2,000: 190 ms at a million) where a walk reads a few thousand entries (3 ms); for a narrow band
 * the walk would read the whole index. The band's size is known from the price blocks (migration
 * 0020), so the cheaper way is chosen here, per page.
 */

/**
 * What a band's goods costs to read and sort, against walking one entry of the sort's index
 * (0.03-0.05 µs at a million goods, warm), measured: ≤ ¥100 (7,089 goods) sorted by time in
 * 0.33 ms for page 1 and 2.2 ms for page 137 (the sorter keeps the page's end), where the walk
 * took 0.1 ms and 12 ms; a kids' band of 1,763 goods sorted by popularity in 1.6-2 ms (each goods
 * row read for its favourite count; 45 ms cold) where the walk took 0.2 ms.
 */
const SORT_COST: Partial<Record<GoodsSort, number>> = {
  // The price index holds the id: sorting by it reads no row.
  latest: 3,
  // The favourite count is read off each goods row, then sorted.
  popular: 20,
};

/**
 * Whether walking the sort's index is the cheaper way to the `rows` first goods of a band holding
 * `band` of `listed` goods: the walk meets them after about rows x listed / band entries.
 */
export function walkIsCheaper(sort: GoodsSort, rows: number, band: number, listed: number): boolean {
  const sortCost = SORT_COST[sort];
  if (sortCost === undefined || band === 0) return false;
  return (rows * listed) / band < sortCost * band;
}

/**
 * How a list in a price band is read on SQLite: "walk" its sort's index with the price kept off
 * the price index (`+goods.price_cents`), or "sort band", the band read off the price index and
 * sorted with the order kept off the sort's index (`ORDER BY +goods.id`): left to itself, SQLite's
 * planner walked the index of time for a narrow band too (¥100 and less, 0.7% of the goods: 390,000
 * entries for page 137, 87 ms, where sorting the band takes 2-4 ms). Undefined where the planner
 * chooses: no band, another sort or database, shares not counted, or a wide band narrowed by a
 * condition too, whose own index the planner walks in time order (0.3 ms where the band of ¥2,000
 * and more, read whole, took 135-330 ms). A band sort keeps the condition off its index, for the
 * band to be read (¥100 and less in one condition, page 173: 53 ms walking the condition's index).
 */
export type BandPlan = "walk" | "sort band" | undefined;

export async function bandPlan(db: DbOrTx, filter: GoodsFilter, sort: GoodsSort, rows: number): Promise<BandPlan> {
  const banded = filter.minPrice !== undefined || filter.maxPrice !== undefined;
  // A city or blocked sellers thin the walk by shares not counted anywhere: left to the planner.
  const countable = !filter.city && filter.blockerId === undefined;
  if (!banded || !countable || SORT_COST[sort] === undefined || dialectOf(db) !== "sqlite") return undefined;
  const category = blockCategory(filter);
  const from = (filter.minPrice ?? 0) >> PRICE_SHIFT;
  const to = filter.maxPrice === undefined ? Number.MAX_SAFE_INTEGER : filter.maxPrice >> PRICE_SHIFT;
  const { rows: counted } = await sql<{ band: number; listed: number }>`SELECT
      (SELECT COALESCE(SUM(listed_count), 0) FROM price_blocks
        WHERE category = ${category} AND block BETWEEN ${from} AND ${to}) AS band,
      (SELECT COALESCE(SUM(listed_count), 0) FROM goods_stats ${filter.category ? sql`WHERE category = ${filter.category}` : sql``}) AS listed`.execute(
    db,
  );
  const [count] = counted;
  if (count === undefined) return undefined;
  // Conditions taken as equally common: the walk tests them on the index too, the sort on each row.
  const conditionShare = filter.condition?.length ? filter.condition.length / Object.keys(CONDITIONS).length : 1;
  const [band, listed] = [Number(count.band), Number(count.listed)];
  if (walkIsCheaper(sort, rows, band * conditionShare, listed)) return "walk";
  if (!filter.condition?.length) return "sort band";
  // A condition has an index of its own in time order, which the planner walks: it meets the
  // band's goods after rows x listed / band entries, against the band read whole.
  return walkIsCheaper(sort, rows, band, listed) ? undefined : "sort band";
}

/** The columns a plan writes off their indexes: the price for a walk, the others for a band sort. */
export const offIndexOf = (plan: BandPlan): OffIndex =>
  plan === "walk" ? "prices" : plan === "sort band" ? "conditions" : undefined;
