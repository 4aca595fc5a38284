import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
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
