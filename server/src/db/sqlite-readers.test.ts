import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "./database.js";
import { DEFAULT_DATABASE_LIMITS } from "./postgres-pool.js";

/** SQLite's own: the reader threads (sqlite-readers.ts) on a database file of this test's. */
let dir: string;
let db: Db;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "xianzhi-readers-"));
  db = openDatabase(
    { sqliteFile: path.join(dir, "readers.db") },
    { limits: { ...DEFAULT_DATABASE_LIMITS, sqliteReaders: 2 } },
  );
  await sql`CREATE TABLE probe (n integer NOT NULL)`.execute(db);
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const numbers = async (handle: Db = db) =>
  (await sql<{ n: number }>`SELECT n FROM probe ORDER BY n`.execute(handle)).rows.map((row) => row.n);
const insert = (handle: Db, n: number) => sql`INSERT INTO probe (n) VALUES (${n})`.execute(handle);
/** A read that keeps a thread busy for a good while (a count to several million). */
const slowCount = () =>
  sql<{ total: number }>`WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3000000)
    SELECT count(*) AS total FROM c`.execute(db);

describe("reads on SQLite, beside the main connection", () => {
  it("leave the event loop free while they run: a timer set after a slow read fires before its answer", async () => {
    const order: string[] = [];
    const read = slowCount().then(({ rows }) => order.push(`read ${rows[0]?.total}`));
    const timer = new Promise((resolve) => setTimeout(resolve, 1)).then(() => order.push("timer"));
    await Promise.all([read, timer]);
    expect(order).toEqual(["timer", "read 3000000"]);
  });

  it("are answered while a transaction holds the one writing connection, from the last commit", async () => {
    await insert(db, 1);
    let finish = () => {};
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let started = () => {};
    const inTransaction = new Promise<void>((resolve) => {
      started = resolve;
    });
    const transaction = db.transaction().execute(async (tx) => {
      await insert(tx as unknown as Db, 2);
      // The transaction sees its own write; nobody else does until it commits.
      expect(await numbers(tx as unknown as Db)).toEqual([1, 2]);
      started();
      await held;
    });
    await inTransaction;
    expect(await numbers()).toEqual([1]);
    finish();
    await transaction;
    expect(await numbers()).toEqual([1, 2]);
  });

  it("see what was written a moment before (a request reads its own write)", async () => {
    for (let n = 10; n < 30; n++) {
      await insert(db, n);
      expect((await numbers()).at(-1)).toBe(n);
    }
  });

  it("leave INSERT … RETURNING to the writer: it gives rows, and what it wrote stays", async () => {
    const { rows } = await sql<{ n: number }>`INSERT INTO probe (n) VALUES (100) RETURNING n`.execute(db);
    expect(rows).toEqual([{ n: 100 }]);
    expect((await numbers()).at(-1)).toBe(100);
  });

  it("answer many at once, each its own rows, in parallel with a slow one", async () => {
    const slow = slowCount();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => sql<{ n: number }>`SELECT ${i} + 0 AS n`.execute(db)),
    );
    expect(answers.map(({ rows }) => rows[0]?.n)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect((await slow).rows[0]?.total).toBe(3000000);
  });

  it("fail as SQLite errors with SQLite's code, and the next read is answered", async () => {
    const failing = sql`SELECT json_extract('not json', '$') AS value`.execute(db);
    await expect(failing).rejects.toBeInstanceOf(SqliteDatabase.SqliteError);
    await expect(failing).rejects.toMatchObject({ code: "SQLITE_ERROR", message: expect.stringMatching(/JSON/i) });
    expect((await numbers()).length).toBeGreaterThan(0);
  });
});
