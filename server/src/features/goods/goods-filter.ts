import type { GoodsSort } from "@xianzhi/contract";
import { type RawBuilder, sql } from "kysely";

/** What the list and the search both narrow goods by. */
export interface GoodsFilter {
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  condition?: readonly string[];
  /** The start of the location: 上海 matches 上海 徐汇. */
  city?: string;
  /** A viewer who has blocked sellers: their goods are left out. */
  blockerId?: number;
}

export const allOf = (conditions: RawBuilder<boolean>[]) => sql<boolean>`${sql.join(conditions, sql` AND `)}`;

/** Narrowed by more than the category: the count has to read the goods. */
export const isNarrowed = ({ category: _, ...narrowing }: GoodsFilter) =>
  Object.values(narrowing).some((value) => value !== undefined);

/** Listed goods passing the filter, as one condition for the list's and the search's queries. */
export function listedMatching(filter: GoodsFilter, ...more: RawBuilder<boolean>[]): RawBuilder<boolean> {
  const { category, city } = filter;
  const values = { ...filter, category: category || undefined, city: city || undefined };
  return allOf([...filterConditions({ ...values, cityLength: city ? [...city].length : undefined }), ...more]);
}

/** A filter's values, and what the SQL needs besides: the city's length in characters. */
export type FilterValues = GoodsFilter & { cityLength?: number };

/**
 * Which of a filter's columns a plan chosen apart (price-band-plan.ts) writes off their indexes,
 * as `+goods.price_cents`, which SQLite's planner cannot serve from an index: "prices" for the
 * sort's index to be walked, "conditions" for the band to be read off the price index.
 */
export type OffIndex = "prices" | "conditions" | undefined;

/** The conditions of a filter; the values may be a prepared query's slots (only their presence is read). */
function filterConditions(filter: FilterValues, offIndex?: OffIndex): RawBuilder<boolean>[] {
  const conditions = [sql<boolean>`goods.listed = 1`];
  const price = offIndex === "prices" ? sql`+goods.price_cents` : sql`goods.price_cents`;
  const condition = offIndex === "conditions" ? sql`+goods.condition` : sql`goods.condition`;
  if (filter.category !== undefined) conditions.push(sql<boolean>`goods.category = ${filter.category}`);
  if (filter.minPrice !== undefined) conditions.push(sql<boolean>`${price} >= ${filter.minPrice}`);
  if (filter.maxPrice !== undefined) conditions.push(sql<boolean>`${price} <= ${filter.maxPrice}`);
  if (filter.condition?.length) {
    conditions.push(sql<boolean>`${condition} IN (${sql.join(filter.condition.map((value) => sql`${value}`))})`);
  }
  // substr rather than LIKE: the same characters-exact comparison on both databases, whatever
  // the collation, and nothing in the city to escape.
  if (filter.city !== undefined) {
    conditions.push(sql<boolean>`substr(goods.location, 1, ${filter.cityLength}) = ${filter.city}`);
  }
  if (filter.blockerId !== undefined) {
    conditions.push(
      sql<boolean>`goods.seller_id NOT IN (SELECT blocks.blocked_id FROM blocks WHERE blocks.blocker_id = ${filter.blockerId})`,
    );
  }
  return conditions;
}

/**
 * The filter as a prepared query's arguments (`filterParams`), and the same filter with a slot
 * for each value (`slottedFilter`), under a key naming which values are present: the SQL differs
 * only by that.
 */
export type FilterParams = Record<string, string | number | undefined>;

const present = (filter: GoodsFilter) => ({
  category: Boolean(filter.category),
  minPrice: filter.minPrice !== undefined,
  maxPrice: filter.maxPrice !== undefined,
  conditions: filter.condition?.length ?? 0,
  city: Boolean(filter.city),
  blocks: filter.blockerId !== undefined,
});

export function filterShapeKey(filter: GoodsFilter): string {
  const shape = present(filter);
  return `${+shape.category}${+shape.minPrice}${+shape.maxPrice}${shape.conditions}${+shape.city}${+shape.blocks}`;
}

export function filterParams(filter: GoodsFilter): FilterParams {
  const params: FilterParams = {
    category: filter.category || undefined,
    minPrice: filter.minPrice,
    maxPrice: filter.maxPrice,
    city: filter.city || undefined,
    cityLength: filter.city ? [...filter.city].length : undefined,
    blockerId: filter.blockerId,
  };
  filter.condition?.forEach((value, i) => {
    params[`condition${i}`] = value;
  });
  return params;
}

/** The conditions of a filter of this shape, with a slot for each value. */
export function slottedConditions(
  filter: GoodsFilter,
  slot: (name: string) => unknown,
  offIndex?: OffIndex,
): RawBuilder<boolean> {
  const shape = present(filter);
  const value = <T>(name: string, isPresent: boolean) => (isPresent ? (slot(name) as T) : undefined);
  return allOf(
    filterConditions(
      {
        category: value("category", shape.category),
        minPrice: value("minPrice", shape.minPrice),
        maxPrice: value("maxPrice", shape.maxPrice),
        condition: Array.from({ length: shape.conditions }, (_, i) => slot(`condition${i}`) as string),
        city: value("city", shape.city),
        cityLength: value("cityLength", shape.city),
        blockerId: value("blockerId", shape.blocks),
      },
      offIndex,
    ),
  );
}

/** The fields a sort reads, as a query returns them. */
export interface SortFields {
  id: number;
  priceCents: number;
  favCount: number;
}

const COLUMNS: Record<keyof SortFields, string> = { id: "id", priceCents: "price_cents", favCount: "fav_count" };

/** Each sort as its keys, ending in the id so that pages never overlap. Every one has a list index. */
const SORT_KEYS: Record<GoodsSort, { field: keyof SortFields; descending: boolean }[]> = {
  latest: [{ field: "id", descending: true }],
  price_asc: [
    { field: "priceCents", descending: false },
    { field: "id", descending: false },
  ],
  price_desc: [
    { field: "priceCents", descending: true },
    { field: "id", descending: true },
  ],
  popular: [
    { field: "favCount", descending: true },
    { field: "id", descending: true },
  ],
};

/** Whether the sort is by id alone (newest first): its cursors hold no sort value. */
export const sortedByIdAlone = (sort: GoodsSort) => SORT_KEYS[sort].length === 1;

/** The goods' value of the sort's key before the id; none when the sort is by id alone. */
export function sortValueOf(sort: GoodsSort, goods: SortFields): number | undefined {
  const [first] = SORT_KEYS[sort];
  return first && first.field !== "id" ? goods[first.field] : undefined;
}

/**
 * The ids of the page after a place in the sort (a cursor's value and id), `where` holding: a
 * keyset read, each list index walked from that place as the first page walks it from the top,
 * so a deep page costs what the first does. A sort by a key and the id reads two ranges, the rest
 * of the place's ties then the goods beyond its key, and takes the page from both (at most twice
 * its rows to order): SQLite seeks a row value's first column only, so `(key, id) < (?, ?)` would
 * walk every tie before the place, thousands among goods nobody keeps. `offIndex` as for goodsOrder.
 */
export function idsAfter(
  sort: GoodsSort,
  where: RawBuilder<boolean>,
  place: { value?: unknown; id: unknown },
  limit: unknown,
  offIndex = false,
): RawBuilder<{ id: number }> {
  const [first] = SORT_KEYS[sort];
  const after = sql.raw(first?.descending ? "<" : ">");
  // Off the indexes, the place too: else its range is read off the sort's index and then sorted.
  const plus = sql.raw(offIndex ? "+" : "");
  const id = sql`${plus}goods.id`;
  if (!first || sortedByIdAlone(sort)) {
    return sql`SELECT goods.id FROM goods WHERE ${where} AND ${id} ${after} ${place.id}
      ORDER BY ${goodsOrder(sort, undefined, offIndex)} LIMIT ${limit}`;
  }
  const column = sql.ref(`goods.${COLUMNS[first.field]}`);
  const key = sql`${plus}${column}`;
  const direction = sql.raw(first.descending ? "DESC" : "ASC");
  const ties = sql`SELECT goods.id, ${column} AS sort_value FROM goods
    WHERE ${where} AND ${key} = ${place.value} AND ${id} ${after} ${place.id} ORDER BY ${id} ${direction} LIMIT ${limit}`;
  const beyond = sql`SELECT goods.id, ${column} AS sort_value FROM goods
    WHERE ${where} AND ${key} ${after} ${place.value} ORDER BY ${goodsOrder(sort, undefined, offIndex)} LIMIT ${limit}`;
  return sql`SELECT id FROM (SELECT * FROM (${ties}) AS ties UNION ALL SELECT * FROM (${beyond}) AS beyond) AS onwards
    ORDER BY sort_value ${direction}, id ${direction} LIMIT ${limit}`;
}

/**
 * ORDER BY of a sort over the goods table; `newestFirst` stands in for "latest" where a search
 * index gives that order. `offIndex` writes the keys as `+goods.id`, which no index can give in
 * order: the rows are then read by their conditions and sorted (price-band-plan.ts).
 */
export function goodsOrder(sort: GoodsSort, newestFirst?: RawBuilder<unknown>, offIndex = false): RawBuilder<unknown> {
  if (sort === "latest" && newestFirst) return newestFirst;
  const keys = SORT_KEYS[sort].map(
    ({ field, descending }) =>
      sql`${sql.raw(offIndex ? "+" : "")}${sql.ref(`goods.${COLUMNS[field]}`)} ${sql.raw(descending ? "DESC" : "ASC")}`,
  );
  return sql.join(keys);
}

/** The same order for rows already read. */
export function compareGoods(sort: GoodsSort): (a: SortFields, b: SortFields) => number {
  const keys = SORT_KEYS[sort];
  return (a, b) => {
    for (const { field, descending } of keys) {
      const difference = a[field] - b[field];
      if (difference !== 0) return descending ? -difference : difference;
    }
    return 0;
  };
}
