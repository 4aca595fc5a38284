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
  ({ db, close } = await databaseMigratedTo("0013-favorite-counts"));
});
afterAll(() => close());

const titles = async (keyword: string) =>
  (await searchGoods({ db }, GoodsSearchQuerySchema.parse({ keyword, sort: "latest" }))).list.map(
    (goods) => goods.title,
  );

async function addGoods(title: string, description: string, listed = 1) {
  const at = new Date().toISOString();
  const seller = (await sql<{ id: number }>`SELECT id FROM users`.execute(db)).rows[0]?.id;
  await sql`INSERT INTO goods (seller_id, title, description, price_cents, category, condition, location, status, listed, created_at, updated_at)
    VALUES (${seller}, ${title}, ${description}, 100, 'phones', 'good', '', ${listed ? "on_sale" : "sold"}, ${listed}, ${at}, ${at})`.execute(
    db,
  );
}

describe("migration 0014, two-character words as one index entry", () => {
  it("finds the goods there were by their two-character words, and those written after", async () => {
    const at = new Date().toISOString();
    await sql`INSERT INTO users (username, username_lower, email, password_hash, nickname, created_at, updated_at)
      VALUES ('ann', 'ann', 'ann@example.com', 'x', 'ann', ${at}, ${at})`.execute(db);
    await addGoods("九成新 苹果手机", "包邮，送手机壳");
    await addGoods("全新 手表", "可以当手机热点");
    await addGoods("已卖出的手机", "包邮", 0);

    await migrateToLatest(db);
    await addGoods("包邮 华为手机", "九成新");

    expect(await titles("手机")).toEqual(["包邮 华为手机", "全新 手表", "九成新 苹果手机"]);
    expect(await titles("包邮")).toEqual(["包邮 华为手机", "九成新 苹果手机"]);
    expect(await titles("九成 包邮")).toEqual(["包邮 华为手机", "九成新 苹果手机"]);
    expect(await titles("机热")).toEqual(["全新 手表"]);
    expect(await titles("新 苹果 手机 包邮")).toEqual(["九成新 苹果手机"]);
    expect(await titles("手表 热点")).toEqual(["全新 手表"]);
    // A pair is two neighbouring characters: not across punctuation or a space, as longer words.
    expect(await titles("邮送")).toEqual([]);
    expect(await titles("新苹")).toEqual([]);

    await sql`UPDATE goods SET title = '九成新 苹果平板' WHERE title = '九成新 苹果手机'`.execute(db);
    expect(await titles("手机")).toEqual(["包邮 华为手机", "全新 手表", "九成新 苹果平板"]);
    expect(await titles("平板")).toEqual(["九成新 苹果平板"]);
    await sql`UPDATE goods SET status = 'sold', listed = 0 WHERE title = '包邮 华为手机'`.execute(db);
    expect(await titles("包邮")).toEqual(["九成新 苹果平板"]);
  });
});
