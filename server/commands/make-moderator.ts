/**
 * Makes a user a moderator, on the database the settings name (as the data commands do):
 *   npm run make-moderator -- <username>
 * There is no moderator by default and no default password: the first is made by this command,
 * by whoever runs the server.
 */
import { parseArgs } from "node:util";
import { databaseTargetOf } from "../src/app.js";
import { ConfigError, loadConfig, repoRoot } from "../src/config.js";
import { openDatabase } from "../src/db/database.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { readEnvironment } from "../src/env-files.js";
import { describeDatabase } from "./database-target.js";

class UsageError extends Error {}

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [username] = positionals;
  if (positionals.length !== 1 || !username) throw new UsageError("usage: npm run make-moderator -- <username>");
  const environment = readEnvironment(repoRoot);
  const config = loadConfig(environment.values, environment.sources);
  const db = openDatabase(databaseTargetOf(config), { limits: config.databaseLimits });
  try {
    await migrateToLatest(db);
    const made = await db
      .updateTable("users")
      .set({ role: "moderator" })
      .where("usernameLower", "=", username.toLowerCase())
      .returning("username")
      .executeTakeFirst();
    const where = describeDatabase(config);
    if (!made) throw new UsageError(`${where}: no user named ${username}`);
    console.log(`${where}: ${made.username} is now a moderator`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
