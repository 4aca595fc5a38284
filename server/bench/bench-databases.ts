/**
 * The database a benchmark part runs on, filled by bulk-load.ts and thrown away afterwards: a
 * SQLite file in a temporary folder, or a PostgreSQL schema `bench_<part>_<random>` dropped at the
 * end (also on Ctrl-C), and the environment a product server needs to serve it. BENCH_SQLITE_DIR
 * names a data folder filled before instead (its xianzhi.db, kept, whatever its size).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { DatabaseTarget } from "../src/db/database.js";
import { serverDatabaseUrl } from "../src/test-support/server-process.js";
import { fillPostgres, fillSqlite } from "./bulk-load.js";

export type BenchDatabase = "SQLite" | "PostgreSQL";

export interface FilledDatabase {
  name: BenchDatabase;
  target: DatabaseTarget;
  /** A product server's environment: this data, no demo data, limits out of the way, quiet logs. */
  productEnv: Record<string, string>;
}

export const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** BENCH_DATABASES=sqlite or =postgres runs one; PostgreSQL only when a URL is set. */
export function benchDatabases(): BenchDatabase[] {
  const wanted = (process.env.BENCH_DATABASES ?? "sqlite,postgres").split(",");
  const chosen: BenchDatabase[] = [];
  if (wanted.includes("sqlite")) chosen.push("SQLite");
  if (wanted.includes("postgres")) {
    if (postgresUrl) chosen.push("PostgreSQL");
    else console.log("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL");
  }
  return chosen;
}

function productEnv(dataDir: string, logLevel: string, databaseUrl?: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    REDIS_URL: "",
    DEMO_DATA: "false",
    LOG_LEVEL: logLevel,
    RATE_LIMIT_MULTIPLIER: "100000",
  };
}

/** Fills a database of the kind named with `count` goods, runs `use` on it, and removes it. */
export async function withBenchDatabase<T>(
  name: BenchDatabase,
  part: string,
  options: { count: number; logLevel: string; sellers?: number },
  use: (database: FilledDatabase) => Promise<T>,
): Promise<T> {
  const filledDir = process.env.BENCH_SQLITE_DIR;
  if (name === "SQLite" && filledDir) {
    // A data folder filled before (its xianzhi.db), kept: the same catalogue for run after run.
    const sqliteFile = path.join(filledDir, "xianzhi.db");
    return use({ name, target: { sqliteFile }, productEnv: productEnv(filledDir, options.logLevel) });
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `xianzhi-${part}-bench-`));
  const started = performance.now();
  const filled = () =>
    console.log(`${name}: ${options.count} goods written in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  try {
    if (name === "SQLite") {
      const sqliteFile = path.join(dir, "xianzhi.db");
      await fillSqlite(sqliteFile, options.count, options);
      filled();
      return await use({ name, target: { sqliteFile }, productEnv: productEnv(dir, options.logLevel) });
    }
    return await withPostgresSchema(postgresUrl as string, part, async (schema) => {
      await fillPostgres(postgresUrl as string, schema, options.count, options);
      filled();
      const target = { postgresUrl, postgresSchema: schema };
      return use({ name, target, productEnv: productEnv(dir, options.logLevel, serverDatabaseUrl(target)) });
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function withPostgresSchema<T>(url: string, part: string, use: (schema: string) => Promise<T>): Promise<T> {
  const schema = `bench_${part}_${randomBytes(4).toString("hex")}`;
  const dropSchema = async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  };
  // The SIGINT can come twice (the terminal's, and npm passing it on): the second must not kill the drop.
  let dropping = false;
  const dropAndExit = () => {
    if (dropping) return;
    dropping = true;
    void dropSchema().finally(() => process.exit(130));
  };
  process.on("SIGINT", dropAndExit);
  try {
    return await use(schema);
  } finally {
    process.off("SIGINT", dropAndExit);
    await dropSchema();
  }
}

/** How to repeat a run: the settings that were set, without a password. */
export function benchCommand(script: string): string {
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith("BENCH_") || name === "TEST_DATABASE_URL" || name === "TEST_REDIS_URL")
    .map(([name, value]) => `${name}=${(value ?? "").replace(/\/\/([^:@/]+):[^@/]+@/, "//$1:***@")}`);
  return [...settings, `npm run ${process.env.npm_lifecycle_event ?? script}`].join(" ");
}

const reportsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../bench");

/** Prints a part's report and writes it to bench/<part>.md, where `npm run bench` collects it. */
export async function writeBenchReport(part: string, text: string): Promise<void> {
  console.log(`\n${text}`);
  await fs.mkdir(reportsDir, { recursive: true });
  await fs.writeFile(path.join(reportsDir, `${part}.md`), text);
}

/** Runs a part, ending the process with 1 when it fails. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
