/**
 * The data commands, for SQLite and PostgreSQL alike, on the database the settings name (the
 * environment over .env.local over .env, as the server reads them):
 *   npm run db:migrate                       runs the migrations not yet run
 *   npm run db:reset [-- --force]            drops every table, migrates, adds the demo data
 *   npm run db:seed -- --goods 100000 [--force]  adds generated goods with pictures
 * Reset and seed refuse a database on another machine unless told --force.
 */
import { parseArgs } from "node:util";
import { databaseTargetOf } from "../src/app.js";
import { type Config, ConfigError, loadConfig, repoRoot } from "../src/config.js";
import { analyzeAfterBulkLoad, type Db, openDatabase } from "../src/db/database.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { type SeedLog, seedDemoData } from "../src/demo/seed.js";
import { readEnvironment } from "../src/env-files.js";
import { openPictureFiles } from "../src/features/pictures/index.js";
import { describeDatabase, dropEverything, isLocalDatabase } from "./database-target.js";
import { seedGeneratedGoods } from "./generated-goods.js";

class UsageError extends Error {}

const COMMANDS = ["migrate", "reset", "seed"] as const;
type Command = (typeof COMMANDS)[number];

const log: SeedLog = { info: (_details, message) => console.log(message) };

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: "boolean", default: false }, goods: { type: "string", default: "1000" } },
  });
  const command = positionals[0] as Command;
  if (positionals.length !== 1 || !COMMANDS.includes(command)) {
    throw new UsageError(`usage: db.ts ${COMMANDS.join("|")} [--goods N] [--force]`);
  }
  const goods = Number(values.goods);
  if (!Number.isInteger(goods) || goods < 1 || goods > 10_000_000) {
    throw new UsageError(`--goods ${values.goods}: must be a whole number from 1 to 10000000`);
  }
  const environment = readEnvironment(repoRoot);
  const config = loadConfig(environment.values, environment.sources);
  if (command !== "migrate" && !values.force && !isLocalDatabase(config)) {
    throw new UsageError(
      `${describeDatabase(config)} is not on this machine: db:${command} leaves it alone unless told --force`,
    );
  }
  const db = openDatabase(databaseTargetOf(config), { limits: config.databaseLimits });
  try {
    await run(command, db, config, goods);
  } finally {
    await db.destroy();
  }
}

async function run(command: Command, db: Db, config: Config, goods: number): Promise<void> {
  const files = await openPictureFiles(config);
  const where = describeDatabase(config);
  try {
    if (command === "reset") {
      await dropEverything(db);
      // The pictures of the rows just dropped, in the folder or the bucket; e-mails in the outbox stay.
      await files.removeEverything();
      console.log(`${where}: every table dropped`);
    }
    await migrateToLatest(db);
    console.log(`${where}: migrated`);
    if (command === "reset") await seedDemoData(db, files, log);
    if (command === "seed") await seedGeneratedGoods(db, files, goods, log);
    if (command !== "migrate") {
      await analyzeAfterBulkLoad(db);
      console.log(`${where}: the planner's statistics taken`);
    }
  } finally {
    files.store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
