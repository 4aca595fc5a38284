import { GoodsSearchQuerySchema } from "@xianzhi/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchGoods } from "../../features/goods/index.js";
import { databaseMigratedTo } from "../../test-support/migration.js";
import type { Db } from "../database.js";
import { migrateToLatest } from "../migrate.js";

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await databaseMigratedTo("0009-condition-index"));
});
afterAll(() => close());

const titles = async (keyword: string) =>
  (await searchGoods({ db }, GoodsSearchQuerySchema.parse({ keyword }))).list.map((goods) => goods.title);

describe("migration 0010, search indexes of listed goods", () => {
  it("keeps finding the goods there were, never the sold ones, and follows later changes", async () => {
    const at = new Date().toISOString();
    await sql`INSERT INTO users (username, username_lower, email, password_hash, nickname, created_at, updated_at)
      VALUES ('ann', 'ann', 'ann@example.com', 'x', 'ann', ${at}, ${at})`.execute(db);
    const seller = (await sql<{ id: number }>`SELECT id FROM users`.execute(db)).rows[0]?.id;
    for (const [title, status, listed] of [
      ["二手手机 甲", "on_sale", 1],
      ["二手手机 乙", "sold", 0],
      ["二手手机 丙", "reserved", 1],
    ] as const) {
      await sql`INSERT INTO goods (seller_id, title, description, price_cents, category, condition, location, status, listed, created_at, updated_at)
        VALUES (${seller}, ${title}, '', 100, 'phones', 'good', '', ${status}, ${listed}, ${at}, ${at})`.execute(db);
    }

    await migrateToLatest(db);

    for (const keyword of ["手机", "二手手机"]) expect(await titles(keyword)).toEqual(["二手手机 丙", "二手手机 甲"]);
    await sql`UPDATE goods SET status = 'on_sale', listed = 1 WHERE title = '二手手机 乙'`.execute(db);
    await sql`UPDATE goods SET status = 'sold', listed = 0 WHERE title = '二手手机 甲'`.execute(db);
    for (const keyword of ["手机", "二手手机"]) expect(await titles(keyword)).toEqual(["二手手机 丙", "二手手机 乙"]);
  });
});
