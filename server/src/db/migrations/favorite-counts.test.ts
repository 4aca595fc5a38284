import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addFavorite, listFavorites, removeFavorite } from "../../features/favorites/index.js";
import { storingOutbox } from "../../features/notifications/index.js";
import { databaseMigratedTo, insertUsersBeforeMigration } from "../../test-support/migration.js";
import type { Db } from "../database.js";
import { migrateToLatest } from "../migrate.js";

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await databaseMigratedTo("0012-chat-activity"));
});
afterAll(() => close());

const totals = async (users: number[]) =>
  Promise.all(users.map(async (id) => (await listFavorites({ db }, id, { page: 1, pageSize: 20 })).total));

describe("migration 0013, each user's count of favourites", () => {
  it("counts the favourites there were, and follows every later change, goods deleted too", async () => {
    const at = new Date().toISOString();
    const [ann, ben, cat] = (await insertUsersBeforeMigration(db, ["ann", "ben", "cat"])) as [number, number, number];
    for (const title of ["甲", "乙", "丙"]) {
      await sql`INSERT INTO goods (seller_id, title, description, price_cents, category, condition, location, status, listed, created_at, updated_at)
        VALUES (${cat}, ${title}, '', 100, 'phones', 'good', '', 'on_sale', 1, ${at}, ${at})`.execute(db);
    }
    const goods = (await sql<{ id: number }>`SELECT id FROM goods ORDER BY id`.execute(db)).rows.map((row) => row.id);
    for (const id of goods) {
      await sql`INSERT INTO favorites (user_id, goods_id, created_at) VALUES (${ann}, ${id}, ${at})`.execute(db);
    }
    await sql`INSERT INTO favorites (user_id, goods_id, created_at) VALUES (${ben}, ${goods[0]}, ${at})`.execute(db);

    await migrateToLatest(db);

    expect(await totals([ann, ben, cat])).toEqual([3, 1, 0]);
    await addFavorite({ db, outbox: storingOutbox() }, ben, goods[1] as number);
    await addFavorite({ db, outbox: storingOutbox() }, ben, goods[1] as number);
    await removeFavorite({ db }, ann, goods[2] as number);
    await removeFavorite({ db }, ann, goods[2] as number);
    expect(await totals([ann, ben, cat])).toEqual([2, 2, 0]);
    await sql`DELETE FROM goods WHERE id = ${goods[0]}`.execute(db);
    expect(await totals([ann, ben, cat])).toEqual([1, 1, 0]);
    const list = await listFavorites({ db }, ann, { page: 1, pageSize: 20 });
    expect(list.list.map((item) => item.title)).toEqual(["乙"]);
  });
});
