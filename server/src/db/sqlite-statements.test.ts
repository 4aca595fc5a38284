import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "./database.js";
import { splitAtLimits } from "./sqlite-statements.js";

describe("a LIMIT written into the SQL", () => {
  it("is found after LIMIT in any case, among the other parameters, and not in quotes", () => {
    const { pieces, slots } = splitAtLimits(
      `select "a?" from t where x = ? and y = '?' order by id limit ? offset ? ) LIMIT  ?`,
    );
    expect(slots).toEqual([1, 3]);
    expect(pieces).toEqual([
      `select "a?" from t where x = ? and y = '?' order by id limit `,
      " offset ? ) LIMIT  ",
      "",
    ]);
    expect(splitAtLimits("select * from t where id = ?").slots).toEqual([]);
  });
});

describe("statements on SQLite", () => {
  let dir: string;
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const openWithRows = async (count: number) => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "xianzhi-statements-"));
    const file = path.join(dir, "xianzhi.db");
    const raw = new SqliteDatabase(file);
    raw.exec("CREATE TABLE item (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, label TEXT NOT NULL)");
    raw.exec("CREATE INDEX item_kind ON item (kind, id)");
    const insert = raw.prepare("INSERT INTO item (kind, label) VALUES (?, ?)");
    for (let i = 1; i <= count; i++) insert.run(i % 10 === 0 ? "rare" : "common", `第${i}件`);
    // Samples of index values (sqlite_stat4) as an ANALYZE on this build writes them.
    raw.exec("ANALYZE");
    expect(raw.prepare("SELECT COUNT(*) AS n FROM sqlite_stat4").get()).not.toEqual({ n: 0 });
    raw.close();
    return { file, db: openDatabase({ sqliteFile: file }) };
  };

  it("answer each limit and offset as bound, the same statement run with several", async () => {
    ({ db } = await openWithRows(50));
    const page = async (kind: string, limit: number, offset: number) =>
      (
        await sql<{ itemLabel: string }>`SELECT label AS item_label FROM item WHERE kind = ${kind}
          ORDER BY id LIMIT ${limit} OFFSET ${offset}`.execute(db as Db)
      ).rows.map((row) => row.itemLabel);
    expect(await page("common", 3, 0)).toEqual(["第1件", "第2件", "第3件"]);
    expect(await page("common", 2, 3)).toEqual(["第4件", "第5件"]);
    expect(await page("rare", 2, 1)).toEqual(["第20件", "第30件"]);
    expect(await page("common", 3, 0)).toEqual(["第1件", "第2件", "第3件"]);
    // A limit SQLite takes but that is no whole number stays bound.
    expect(await page("rare", "2" as unknown as number, 0)).toEqual(["第10件", "第20件"]);
  });

  it("keep the table counts of ANALYZE but not its samples of index values", async () => {
    const opened = await openWithRows(200);
    db = opened.db;
    const count = async (table: string) =>
      (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(opened.db)).rows[0]?.n;
    expect(await count("sqlite_stat4")).toBe(0);
    expect(await count("sqlite_stat1")).toBeGreaterThan(0);
  });
});
