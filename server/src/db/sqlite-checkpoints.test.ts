import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Db, openDatabase } from "./database.js";

// The server's connection never checkpoints: its worker thread does (sqlite-checkpoints.ts).
describe("the SQLite write-ahead log", () => {
  let dir: string;
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is copied into the database file once it passes SQLite's checkpoint mark", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "xianzhi-checkpoints-"));
    const file = path.join(dir, "xianzhi.db");
    db = openDatabase({ sqliteFile: file });
    await sql`CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT NOT NULL)`.execute(db);
    const row = "闲".repeat(1000);
    for (let i = 0; i < 2000; i++) await sql`INSERT INTO filler (text) VALUES (${row})`.execute(db);
    const databaseBytes = () => fs.statSync(file).size;
    expect(databaseBytes()).toBeLessThan(1024 * 1024);

    await vi.waitFor(() => expect(databaseBytes()).toBeGreaterThan(6 * 1024 * 1024), { timeout: 10_000 });
    const [count] = (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM filler`.execute(db)).rows;
    expect(count?.n).toBe(2000);
  });
});
