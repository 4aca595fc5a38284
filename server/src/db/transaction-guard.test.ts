import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/test-app.js";
import type { Db } from "./database.js";
import { QueryOutsideTransactionError } from "./transaction-guard.js";

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.db;
  await sql`CREATE TABLE guard_probe (n integer NOT NULL)`.execute(db);
});
afterAll(() => t.close());

const probeRows = async () => (await sql<{ n: number }>`SELECT n FROM guard_probe ORDER BY n`.execute(db)).rows;
const insertProbe = (handle: Db, n: number) => sql`INSERT INTO guard_probe (n) VALUES (${n})`.execute(handle);

describe("the root handle inside a transaction", () => {
  it("refuses a query, and the transaction rolls back with nothing written", async () => {
    const attempt = db.transaction().execute(async (tx) => {
      await insertProbe(tx as unknown as Db, 1);
      await insertProbe(db, 2);
    });
    await expect(attempt).rejects.toBeInstanceOf(QueryOutsideTransactionError);
    expect(await probeRows()).toEqual([]);
  });

  it("refuses it however deep the call: after awaits, in a timer, in a callback", async () => {
    const seen: unknown[] = [];
    await db.transaction().execute(async (tx) => {
      await sql`SELECT 1`.execute(tx);
      await new Promise<void>((resolve) =>
        setTimeout(() => {
          db.selectFrom("users")
            .select("id")
            .execute()
            .catch((error: unknown) => seen.push(error))
            .finally(resolve);
        }, 1),
      );
      await Promise.resolve().then(() =>
        db
          .selectFrom("users")
          .select("id")
          .execute()
          .catch((e) => seen.push(e)),
      );
    });
    expect(seen).toHaveLength(2);
    for (const error of seen) expect(error).toBeInstanceOf(QueryOutsideTransactionError);
  });

  it("refuses a second transaction opened inside the first (on SQLite it would wait for ever)", async () => {
    const nested = db.transaction().execute(() => db.transaction().execute(async () => null));
    await expect(nested).rejects.toBeInstanceOf(QueryOutsideTransactionError);
  });

  it("marks transactions with an isolation level too", async () => {
    const attempt = db
      .transaction()
      .setIsolationLevel("serializable")
      .execute(() => db.selectFrom("users").select("id").execute());
    await expect(attempt).rejects.toBeInstanceOf(QueryOutsideTransactionError);
  });

  it("lets work the transaction started run on the root handle once it has ended", async () => {
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction().execute(async (tx) => {
      await insertProbe(tx as unknown as Db, 3);
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => insertProbe(db, 4));
    });
    await later;
    expect(await probeRows()).toEqual([{ n: 3 }, { n: 4 }]);
  });

  it("leaves two transactions side by side, and the root handle outside them, alone", async () => {
    await Promise.all([
      db.transaction().execute((tx) => insertProbe(tx as unknown as Db, 5)),
      db.transaction().execute((tx) => insertProbe(tx as unknown as Db, 6)),
      insertProbe(db, 7),
    ]);
    expect((await probeRows()).map((row) => row.n)).toEqual(expect.arrayContaining([5, 6, 7]));
  });
});
