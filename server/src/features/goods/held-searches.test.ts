import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../../db/database.js";
import { registerUser } from "../../test-support/accounts.js";
import { call, createTestApp, type TestApp, testDatabase } from "../../test-support/test-app.js";

/**
 * A search's matches are held in memory (match-sets.ts) on both databases. Whatever changes the
 * goods, from this server or from another process on the same database, the next search answers
 * as the goods are: it is asked here right after each change, answer cache off.
 */

let t: TestApp;
/** Another process's connection to the same database: its changes reach this server only through the database. */
let other: Db;
let sellerId: number;

beforeAll(async () => {
  t = await createTestApp({ RESPONSE_CACHE_MS: "0" });
  other = openDatabase(t.database);
  sellerId = Number((await registerUser(t.app, t.dataDir)).id);
});
afterAll(async () => {
  await other.destroy();
  await t.close();
});

async function post(title: string, priceCents: number, favCount = 0): Promise<number> {
  const now = new Date().toISOString();
  const row = await other
    .insertInto("goods")
    .values({
      sellerId,
      title,
      description: "",
      priceCents,
      favCount,
      category: "other",
      condition: "good",
      location: "上海",
      status: "on_sale",
      listed: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function titles(query: string): Promise<string[]> {
  const reply = await call(t.app, "GET", `/api/goods/search/list?keyword=${encodeURIComponent("台灯")}&${query}`);
  expect(reply.code).toBe(200);
  return reply.data.list.map((goods: { title: string }) => goods.title);
}

describe("a search held in memory", () => {
  it("answers by the goods as they are after every change made from elsewhere", async () => {
    const a = await post("护眼台灯 甲", 3000, 1);
    const b = await post("护眼台灯 乙", 2000, 5);
    await post("护眼台灯 丙", 1000, 3);
    expect(await titles("sort=price_asc")).toEqual(["护眼台灯 丙", "护眼台灯 乙", "护眼台灯 甲"]);
    expect(await titles("sort=popular")).toEqual(["护眼台灯 乙", "护眼台灯 丙", "护眼台灯 甲"]);

    await other.updateTable("goods").set({ priceCents: 500 }).where("id", "=", a).execute();
    expect(await titles("sort=price_asc")).toEqual(["护眼台灯 甲", "护眼台灯 丙", "护眼台灯 乙"]);

    await other.updateTable("goods").set({ favCount: 9 }).where("id", "=", a).execute();
    expect(await titles("sort=popular")).toEqual(["护眼台灯 甲", "护眼台灯 乙", "护眼台灯 丙"]);

    await post("折叠台灯", 100);
    expect(await titles("sort=price_asc")).toEqual(["折叠台灯", "护眼台灯 甲", "护眼台灯 丙", "护眼台灯 乙"]);

    await other.updateTable("goods").set({ listed: 0, status: "sold" }).where("id", "=", b).execute();
    expect(await titles("sort=latest")).toEqual(["折叠台灯", "护眼台灯 丙", "护眼台灯 甲"]);

    await other.updateTable("goods").set({ title: "护眼落地灯" }).where("id", "=", a).execute();
    expect(await titles("")).toEqual(["折叠台灯", "护眼台灯 丙"]);

    // A filter's search is held apart, and follows a change of the filtered column.
    expect(await titles("city=上海&sort=price_asc")).toEqual(["折叠台灯", "护眼台灯 丙"]);
    await sql`UPDATE goods SET location = '北京' WHERE title = '折叠台灯'`.execute(other);
    expect(await titles("city=上海&sort=price_asc")).toEqual(["护眼台灯 丙"]);

    await other.deleteFrom("goods").where("title", "=", "护眼台灯 丙").execute();
    expect(await titles("sort=price_desc")).toEqual(["折叠台灯"]);
  });

  it("forgets what it holds when PostgreSQL's notices may have been lost, and answers rightly", async () => {
    const id = await post("复古台灯", 800);
    expect(await titles("sort=price_asc")).toContain("复古台灯");
    if (testDatabase() === "postgres") {
      // The connection that LISTENs is cut, and a change is made while it is down.
      const listener = `xianzhi goods changes ${t.database.postgresSchema}`;
      const { rows } = await sql<{ cut: boolean }>`SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
        WHERE application_name = ${listener}`.execute(other);
      expect(rows).toEqual([{ cut: true }]);
    }
    await other.updateTable("goods").set({ priceCents: 1 }).where("id", "=", id).execute();
    expect((await titles("sort=price_asc"))[0]).toBe("复古台灯");
    await other.updateTable("goods").set({ priceCents: 99_999 }).where("id", "=", id).execute();
    expect((await titles("sort=price_asc")).at(-1)).toBe("复古台灯");
  });
});
