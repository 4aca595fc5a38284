import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { type Db, openDatabase } from "../db/database.js";
import { type MigrationName, migrateToLatest } from "../db/migrate.js";
import { createTestDatabase } from "./test-app.js";

/** A database of its own, migrated up to `name`: the one before the migration under test. */
export async function databaseMigratedTo(name: MigrationName): Promise<{ db: Db; close(): Promise<void> }> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-migration-"));
  const database = await createTestDatabase(folder);
  const db = openDatabase(database.target);
  await migrateToLatest(db, name);
  return {
    db,
    async close() {
      await db.destroy();
      await database.drop();
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A SQLite database of its own at the latest migration, with one user, ann, to sell: for tests of
 * SQLite's own search machinery, whatever database the suite runs on.
 */
export async function sqliteDatabaseWithSeller(): Promise<{ db: Db; sellerId: number; close(): Promise<void> }> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-sqlite-"));
  const database = await createTestDatabase(folder, "sqlite");
  const db = openDatabase(database.target);
  await migrateToLatest(db);
  const [sellerId] = (await insertUsersBeforeMigration(db, ["ann"])) as [number];
  return {
    db,
    sellerId,
    async close() {
      await db.destroy();
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * Users written as a migration finds them (plain SQL: the repositories know the latest columns
 * only), in the order named; answers their ids in that order.
 */
export async function insertUsersBeforeMigration(db: Db, names: string[]): Promise<number[]> {
  const at = new Date().toISOString();
  const ids: number[] = [];
  for (const name of names) {
    await sql`INSERT INTO users (username, username_lower, email, password_hash, nickname, created_at, updated_at)
      VALUES (${name}, ${name}, ${`${name}@example.com`}, 'x', ${name}, ${at}, ${at})`.execute(db);
    const row = await sql<{ id: number }>`SELECT id FROM users WHERE username = ${name}`.execute(db);
    ids.push(Number(row.rows[0]?.id));
  }
  return ids;
}
