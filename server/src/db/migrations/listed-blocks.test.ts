import { GoodsListQuerySchema } from "@xianzhi/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listGoods } from "../../features/goods/index.js";
import { databaseMigratedTo } from "../../test-support/migration.js";
import type { Db } from "../database.js";
import { migrateToLatest } from "../migrate.js";

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await databaseMigratedTo("0014-word-pairs"));
});
afterAll(() => close());

const CATEGORIES = ["phones", "books", "games"];

/** `count` goods in one statement: every seventh sold, the categories in turn. */
async function addGoods(count: number) {
  const at = new Date().toISOString();
  await sql`INSERT INTO goods (seller_id, title, description, price_cents, category, condition, location, status, listed, created_at, updated_at)
    SELECT 1, 'goods ' || n, '', 100, CASE n % 3 WHEN 0 THEN 'phones' WHEN 1 THEN 'books' ELSE 'games' END, 'good', '',
      CASE WHEN n % 7 = 0 THEN 'sold' ELSE 'on_sale' END, CASE WHEN n % 7 = 0 THEN 0 ELSE 1 END, ${at}, ${at}
    FROM (WITH RECURSIVE numbers(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM numbers WHERE n < ${count}) SELECT n FROM numbers) AS numbers`.execute(
    db,
  );
}

/** A page as the list serves it, and the same page read the plain way: every listed goods, newest first. */
async function bothWays(page: number, category?: string) {
  const query = GoodsListQuerySchema.parse({ page, pageSize: 100, category });
  const served = await listGoods({ db }, query);
  const { rows } = await sql<{ id: number }>`SELECT id FROM goods WHERE listed = 1
    ${category ? sql`AND category = ${category}` : sql``} ORDER BY id DESC LIMIT 100 OFFSET ${(page - 1) * 100}`.execute(
    db,
  );
  return { served: served.list.map((goods) => Number(goods.id)), plain: rows.map((row) => Number(row.id)) };
}

async function expectDeepPagesRight() {
  for (const category of [undefined, ...CATEGORIES]) {
    for (const page of [1, 10, 11, 12, 17, 25, 26, 40, 41, 60]) {
      const { served, plain } = await bothWays(page, category);
      expect(served).toEqual(plain);
    }
  }
}

describe("migration 0015, deep list pages from listed blocks", () => {
  it("serves every page as the plain walk would, through sales, edits, deletions and new goods", async () => {
    const at = new Date().toISOString();
    await sql`INSERT INTO users (username, username_lower, email, password_hash, nickname, created_at, updated_at)
      VALUES ('ann', 'ann', 'ann@example.com', 'x', 'ann', ${at}, ${at})`.execute(db);
    await addGoods(3000);
    await migrateToLatest(db);
    expect((await bothWays(20)).served).toHaveLength(100);
    await expectDeepPagesRight();

    await sql`UPDATE goods SET status = 'sold', listed = 0 WHERE id % 11 = 0`.execute(db);
    await sql`UPDATE goods SET status = 'on_sale', listed = 1 WHERE id % 49 = 0`.execute(db);
    await sql`UPDATE goods SET category = 'games' WHERE id % 13 = 0`.execute(db);
    await sql`DELETE FROM goods WHERE id > 900 AND id < 1400`.execute(db);
    await addGoods(1500);
    await expectDeepPagesRight();
    // Past the last goods: an empty page.
    expect((await listGoods({ db }, GoodsListQuerySchema.parse({ page: 60, pageSize: 100 }))).list).toEqual([]);
  });
});
