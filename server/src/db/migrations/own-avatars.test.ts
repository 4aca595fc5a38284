import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseMigratedTo } from "../../test-support/migration.js";
import type { Db } from "../database.js";
import { migrateToLatest } from "../migrate.js";

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await databaseMigratedTo("0007-picture-bytes"));
});
afterAll(() => close());

async function addUser(name: string, avatarUrl: string | null): Promise<number> {
  const at = new Date().toISOString();
  await sql`INSERT INTO users (username, username_lower, email, password_hash, nickname, avatar_url, created_at, updated_at)
    VALUES (${name}, ${name}, ${`${name}@example.com`}, 'x', ${name}, ${avatarUrl}, ${at}, ${at})`.execute(db);
  const row = await sql<{ id: number }>`SELECT id FROM users WHERE username = ${name}`.execute(db);
  return Number(row.rows[0]?.id);
}

describe("migration 0008, own avatars", () => {
  it("clears avatars that are not the user's own upload and keeps those that are", async () => {
    const ann = await addUser("ann", "/files/annpic.webp");
    const bob = await addUser("bob", "/files/bobpic-thumb.webp");
    await addUser("eve", "https://tracker.example.com/pixel.png");
    await addUser("mallory", "/files/annpic.webp");
    await addUser("nobody", null);
    const at = new Date().toISOString();
    await sql`INSERT INTO pictures (file_id, owner_id, width, height, created_at)
      VALUES ('annpic', ${ann}, 400, 400, ${at}), ('bobpic', ${bob}, 400, 400, ${at})`.execute(db);

    await migrateToLatest(db);

    const rows = await db.selectFrom("users").select(["username", "avatarUrl"]).orderBy("username").execute();
    expect(rows).toEqual([
      { username: "ann", avatarUrl: "/files/annpic.webp" },
      { username: "bob", avatarUrl: "/files/bobpic-thumb.webp" },
      { username: "eve", avatarUrl: null },
      { username: "mallory", avatarUrl: null },
      { username: "nobody", avatarUrl: null },
    ]);
  });
});
