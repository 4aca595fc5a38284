import { GoodsLimits, GoodsListQuerySchema } from "@xianzhi/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listGoods } from "../../features/goods/index.js";
import { databaseMigratedTo, insertUsersBeforeMigration } from "../../test-support/migration.js";
import type { Db } from "../database.js";
import { migrateToLatest } from "../migrate.js";
import { PRICE_SHIFT } from "./0020-price-blocks.js";

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await databaseMigratedTo("0018-trade"));
});
afterAll(() => close());

/**
 * `count` goods in one statement, from number `from` on: prices spread over ¥0-3,000 (a few dozen
 * goods per price block), every fifth at exactly ¥100 (a run of equal prices the ids order), three
 * in four books and the others phones, every seventh sold.
 */
async function addGoods(count: number, from = 1) {
  const at = new Date().toISOString();
  await sql`INSERT INTO goods (seller_id, title, description, price_cents, category, condition, location, status, listed, created_at, updated_at)
    SELECT 1, 'goods ' || n, '', CASE WHEN n % 5 = 0 THEN 10000 ELSE (n * 7919) % 300000 END,
      CASE WHEN n % 4 = 0 THEN 'phones' ELSE 'books' END, 'good', '',
      CASE WHEN n % 7 = 0 THEN 'sold' ELSE 'on_sale' END, CASE WHEN n % 7 = 0 THEN 0 ELSE 1 END, ${at}, ${at}
    FROM (WITH RECURSIVE numbers(n) AS (SELECT CAST(${from} AS INTEGER) UNION ALL SELECT n + 1 FROM numbers WHERE n < ${from + count - 1})
      SELECT n FROM numbers) AS numbers`.execute(db);
}

/** The whole list's totals, which the service keeps as it writes goods, made again after these plain writes. */
async function recountListed() {
  await sql`UPDATE goods_stats SET listed_count =
    (SELECT COUNT(*) FROM goods WHERE listed = 1 AND goods.category = goods_stats.category)`.execute(db);
}

type Query = { sort: "price_asc" | "price_desc"; category?: string; minPrice?: number; maxPrice?: number };

/** A page as the list serves it, and the same page read the plain way: the listed goods in range, in price order. */
async function bothWays(query: Query, page: number) {
  const served = await listGoods({ db }, GoodsListQuerySchema.parse({ ...query, page, pageSize: 100 }));
  const { category, minPrice, maxPrice } = query;
  const matching = sql`listed = 1 ${category ? sql`AND category = ${category}` : sql``}
    ${minPrice === undefined ? sql`` : sql`AND price_cents >= ${minPrice}`}
    ${maxPrice === undefined ? sql`` : sql`AND price_cents <= ${maxPrice}`}`;
  const order = query.sort === "price_asc" ? sql`price_cents ASC, id ASC` : sql`price_cents DESC, id DESC`;
  const { rows } = await sql<{ id: number }>`SELECT id FROM goods WHERE ${matching}
    ORDER BY ${order} LIMIT 100 OFFSET ${(page - 1) * 100}`.execute(db);
  const counted = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM goods WHERE ${matching}`.execute(db);
  const total = Number(counted.rows[0]?.n);
  const narrowed = minPrice !== undefined || maxPrice !== undefined;
  const cap = GoodsLimits.narrowedListTotalCap;
  return {
    served: { ids: served.list.map((goods) => Number(goods.id)), total: served.total, capped: !!served.totalCapped },
    plain: {
      ids: rows.map((row) => Number(row.id)),
      total: narrowed ? Math.min(total, cap) : total,
      capped: narrowed && total > cap,
    },
  };
}

/** Ranges whose ends fall inside price blocks, on their edges, on the run of ¥100, and none. */
const QUERIES: Query[] = [
  { sort: "price_asc" },
  { sort: "price_desc" },
  { sort: "price_asc", minPrice: 5000 },
  { sort: "price_asc", minPrice: 10000, maxPrice: 250000 },
  { sort: "price_asc", minPrice: 10240, maxPrice: 10240 * 200 },
  { sort: "price_desc", maxPrice: 250001 },
  { sort: "price_desc", minPrice: 10000, maxPrice: 10239 },
  { sort: "price_desc", minPrice: 3000, maxPrice: 10000 },
  { sort: "price_asc", category: "books", minPrice: 777 },
  { sort: "price_desc", category: "books" },
  { sort: "price_asc", category: "phones" },
  { sort: "price_desc", category: "games", maxPrice: 123456 },
];

async function expectPagesAsPlain() {
  for (const query of QUERIES) {
    for (const page of [1, 40, 41, 42, 45, 50, 51, 52, 60, 70]) {
      const { served, plain } = await bothWays(query, page);
      expect({ query, page, ...served }).toEqual({ query, page, ...plain });
    }
  }
}

/** The counts as the triggers kept them, and as counted again from the goods. */
async function expectCountsKept() {
  const kept = await sql<{ category: string; block: number; n: number }>`SELECT category, block, listed_count AS n
    FROM price_blocks WHERE listed_count <> 0 ORDER BY category, block`.execute(db);
  const block = sql`price_cents >> ${sql.lit(PRICE_SHIFT)}`;
  const fresh = await sql<{ category: string; block: number; n: number }>`SELECT category, block, n FROM (
      SELECT category, ${block} AS block, COUNT(*) AS n FROM goods WHERE listed = 1 GROUP BY category, ${block}
      UNION ALL SELECT '*', ${block}, COUNT(*) FROM goods WHERE listed = 1 GROUP BY ${block}
    ) AS counts ORDER BY category, block`.execute(db);
  const rows = (result: typeof kept) => result.rows.map((row) => [row.category, Number(row.block), Number(row.n)]);
  expect(rows(kept)).toEqual(rows(fresh));
}

describe("migration 0020, deep pages in price order from price blocks", () => {
  it("serves every page as the plain walk would, through price edits, sales, deletions and new goods", async () => {
    await insertUsersBeforeMigration(db, ["ann"]);
    await addGoods(8000);
    await migrateToLatest(db);
    await recountListed();
    await expectCountsKept();
    expect((await bothWays({ sort: "price_asc" }, 50)).served.ids).toHaveLength(100);
    await expectPagesAsPlain();

    await sql`UPDATE goods SET price_cents = price_cents + 5000 WHERE id % 11 = 0`.execute(db);
    await sql`UPDATE goods SET price_cents = 10000 WHERE id % 17 = 0`.execute(db);
    await sql`UPDATE goods SET status = 'sold', listed = 0 WHERE id % 13 = 0`.execute(db);
    await sql`UPDATE goods SET status = 'on_sale', listed = 1 WHERE id % 49 = 0`.execute(db);
    await sql`UPDATE goods SET category = 'games', price_cents = 99 WHERE id % 19 = 0`.execute(db);
    await sql`UPDATE goods SET title = 'renamed' WHERE id % 23 = 0`.execute(db);
    await sql`DELETE FROM goods WHERE id > 900 AND id < 1400`.execute(db);
    await addGoods(1500, 8001);
    await recountListed();
    await expectCountsKept();
    await expectPagesAsPlain();
    // Past the last goods in range: an empty page.
    const past = await listGoods({ db }, GoodsListQuerySchema.parse({ sort: "price_asc", minPrice: 290000, page: 60 }));
    expect(past.list).toEqual([]);
  });
});
