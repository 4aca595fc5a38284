import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseMigratedTo } from "../../test-support/migration.js";
import type { Db } from "../database.js";
import { migrateToLatest } from "../migrate.js";

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await databaseMigratedTo("0006-login-failures"));
});
afterAll(() => close());

describe("migration 0007, picture bytes", () => {
  it("gives pictures stored before it an estimate of their size on disk: a quarter byte per pixel", async () => {
    const at = new Date().toISOString();
    await sql`INSERT INTO users (username, username_lower, email, password_hash, nickname, created_at, updated_at)
      VALUES ('ann', 'ann', 'ann@example.com', 'x', 'ann', ${at}, ${at})`.execute(db);
    const ann = (await sql<{ id: number }>`SELECT id FROM users`.execute(db)).rows[0]?.id;
    await sql`INSERT INTO pictures (file_id, owner_id, width, height, created_at)
      VALUES ('a', ${ann}, 1280, 960, ${at}), ('b', ${ann}, 400, 300, ${at})`.execute(db);

    await migrateToLatest(db);

    const rows = await db.selectFrom("pictures").select(["fileId", "bytes"]).orderBy("fileId").execute();
    expect(rows).toEqual([
      { fileId: "a", bytes: 307_200 },
      { fileId: "b", bytes: 30_000 },
    ]);
  });
});
