import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addFavorite, listFavorites } from "../../features/favorites/index.js";
import { storingOutbox } from "../../features/notifications/index.js";
import { databaseMigratedTo, insertUsersBeforeMigration } from "../../test-support/migration.js";
import type { Db } from "../database.js";
import { migrateToLatest } from "../migrate.js";

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await databaseMigratedTo("0013-favorite-counts"));
});
afterAll(() => close());

const favoritesOf = async (userId: number) =>
  (await listFavorites({ db }, userId, { page: 1, pageSize: 20 })).list.map((goods) => [
    goods.title,
    goods.priceDropCents,
  ]);

describe("migration 0017, the price each favourite was kept at", () => {
  it("gives the favourites there were the goods' price of today, and leaves the counts alone", async () => {
    const at = new Date().toISOString();
    const [ann, ben, cat] = (await insertUsersBeforeMigration(db, ["ann", "ben", "cat"])) as [number, number, number];
    for (const [title, price] of [
      ["甲", 100],
      ["乙", 2500],
    ] as const) {
      await sql`INSERT INTO goods (seller_id, title, description, price_cents, category, condition, location, status, listed, created_at, updated_at)
        VALUES (${cat}, ${title}, '', ${price}, 'phones', 'good', '', 'on_sale', 1, ${at}, ${at})`.execute(db);
    }
    const [first, second] = (await sql<{ id: number }>`SELECT id FROM goods ORDER BY id`.execute(db)).rows.map(
      (row) => row.id,
    ) as [number, number];
    await sql`INSERT INTO favorites (user_id, goods_id, created_at) VALUES (${ann}, ${first}, ${at})`.execute(db);
    await sql`INSERT INTO favorites (user_id, goods_id, created_at) VALUES (${ann}, ${second}, ${at})`.execute(db);

    await migrateToLatest(db);

    expect(await favoritesOf(ann)).toEqual([
      ["乙", 0],
      ["甲", 0],
    ]);
    const kept = await sql<{
      price: number;
    }>`SELECT favorited_price_cents AS price FROM favorites ORDER BY goods_id`.execute(db);
    expect(kept.rows.map((row) => Number(row.price))).toEqual([100, 2500]);
    await sql`UPDATE goods SET price_cents = 2000 WHERE id = ${second}`.execute(db);
    await addFavorite({ db, outbox: storingOutbox() }, ben, second);
    expect(await favoritesOf(ann)).toEqual([
      ["乙", 500],
      ["甲", 0],
    ]);
    expect(await favoritesOf(ben)).toEqual([["乙", 0]]);
    const counts = await sql<{ count: number }>`SELECT favorite_count AS count FROM users ORDER BY id`.execute(db);
    expect(counts.rows.map((row) => Number(row.count))).toEqual([2, 1, 0]);
  });
});
