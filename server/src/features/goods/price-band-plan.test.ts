import { GoodsListQuerySchema, type GoodsSort } from "@xianzhi/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/database.js";
import { sqliteDatabaseWithSeller } from "../../test-support/migration.js";
import { listGoods } from "./goods-service.js";
import { bandPlan, walkIsCheaper } from "./price-band-plan.js";

/**
 * SQLite lists by time or popularity in a price band either walk the sort's index or sort the band
 * (price-band-plan.ts). Either way the page must be the same: each answer here is set against the
 * goods' own rows, for bands wide enough to walk and narrow enough to sort.
 */

const GOODS = 1500;
const CONDITIONS = ["new", "like_new", "good", "fair", "poor"];

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  const { sellerId, ...database } = await sqliteDatabaseWithSeller();
  ({ db, close } = database);
  const at = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < GOODS; i++) {
      // Prices spread over ¥0-¥300, favourite counts with many ties, some goods sold.
      await sql`INSERT INTO goods (seller_id, title, description, price_cents, fav_count, category, condition, location, status, listed, created_at, updated_at)
        VALUES (${sellerId}, ${`goods ${i}`}, '', ${(i * 7919) % 30_011}, ${(i * 31) % 9}, ${i % 3 ? "digital" : "books"},
          ${CONDITIONS[i % 5]}, '', ${i % 11 ? "on_sale" : "sold"}, ${i % 11 ? 1 : 0}, ${at}, ${at})`.execute(tx);
    }
  });
  // The service keeps the listed counts per category as it posts and sells; these rows came in by hand.
  await sql`UPDATE goods_stats SET listed_count =
    (SELECT COUNT(*) FROM goods WHERE listed = 1 AND goods.category = goods_stats.category)`.execute(db);
});
afterAll(() => close());

interface Row {
  id: number;
  priceCents: number;
  favCount: number;
  category: string;
  condition: string;
  listed: number;
}

const ORDERS: Record<"latest" | "popular", (a: Row, b: Row) => number> = {
  latest: (a, b) => b.id - a.id,
  popular: (a, b) => b.favCount - a.favCount || b.id - a.id,
};

type Band = { minPrice?: number; maxPrice?: number; category?: string; condition?: string };

async function expected(band: Band, sort: "latest" | "popular", page: number) {
  const { rows } = await sql<Row>`SELECT id, price_cents, fav_count, category, condition, listed FROM goods`.execute(
    db,
  );
  const matches = rows.filter(
    (row) =>
      row.listed === 1 &&
      (band.minPrice === undefined || row.priceCents >= band.minPrice) &&
      (band.maxPrice === undefined || row.priceCents <= band.maxPrice) &&
      (band.category === undefined || row.category === band.category) &&
      (band.condition === undefined || row.condition === band.condition),
  );
  return matches
    .sort(ORDERS[sort])
    .slice((page - 1) * 20, page * 20)
    .map((row) => String(row.id));
}

const BANDS: Band[] = [
  { minPrice: 0, maxPrice: 30_000 },
  { minPrice: 5_000, maxPrice: 25_000 },
  { minPrice: 10_000 },
  { maxPrice: 20_000, category: "digital" },
  { minPrice: 12_000, maxPrice: 12_900 },
  { minPrice: 3_000, maxPrice: 27_000, condition: "good" },
  { minPrice: 1_000, maxPrice: 1_100, category: "books" },
];

describe("lists by time or popularity in a price band on SQLite", () => {
  it("answers each page as the goods' rows say, whether it walks the sort's index or sorts the band", async () => {
    const plans = new Set<string | undefined>();
    for (const band of BANDS) {
      for (const sort of ["latest", "popular"] as const) {
        for (const page of [1, 2, 7]) {
          const query = GoodsListQuerySchema.parse({ ...band, sort, page, pageSize: 20 });
          const filter = { ...band, condition: band.condition === undefined ? undefined : [band.condition] };
          plans.add(await bandPlan(db, filter, sort, page * 20));
          const answer = await listGoods({ db }, query);
          expect(
            answer.list.map((goods) => goods.id),
            `${JSON.stringify(band)} ${sort} page ${page}`,
          ).toEqual(await expected(band, sort, page));
        }
      }
    }
    // Every way was taken: the planner's own for a band with a condition.
    expect([...plans].sort()).toEqual(["sort band", "walk", undefined]);
  });

  it("walks a wide band and sorts a narrow one, deep pages sooner sorted", () => {
    const sorts: GoodsSort[] = ["popular", "latest"];
    for (const sort of sorts) {
      expect(walkIsCheaper(sort, 20, 250_000, 1_000_000), `${sort}, a quarter`).toBe(true);
      expect(walkIsCheaper(sort, 20, 100, 1_000_000), `${sort}, a hundred`).toBe(false);
    }
    expect(walkIsCheaper("popular", 4000, 5_000, 1_000_000)).toBe(false);
    expect(walkIsCheaper("price_asc", 20, 250_000, 1_000_000)).toBe(false);
    expect(walkIsCheaper("popular", 20, 0, 1_000_000)).toBe(false);
  });
});
