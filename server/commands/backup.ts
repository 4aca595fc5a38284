/**
 * npm run backup [-- --to <file>]: a consistent copy of the database while the server runs.
 *   SQLite       SQLite's online backup API (better-sqlite3) into <file>, or a dated file under
 *                DATA_DIR/backups; the copy is checked (integrity_check) before it gets its name.
 *   PostgreSQL   pg_dump --format=custom into <file> (or DATA_DIR/backups), when pg_dump is installed;
 *                without it, the command says what to run. Restore with pg_restore (docs/deploy.md).
 * Uploaded pictures are files in DATA_DIR/uploads, not in the database: copy that folder too.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import SqliteDatabase from "better-sqlite3";
import { databaseTargetOf } from "../src/app.js";
import { ConfigError, loadConfig, repoRoot } from "../src/config.js";
import { readEnvironment } from "../src/env-files.js";

class UsageError extends Error {}

/** Every page in one step: a step reads one snapshot, so writes meanwhile cannot restart the copy. */
const ALL_REMAINING_PAGES = 0x7fffffff;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { to: { type: "string" } } });
  const environment = readEnvironment(repoRoot);
  const config = loadConfig(environment.values, environment.sources);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const defaultFile = (extension: string) => path.join(config.dataDir, "backups", `xianzhi-${stamp}.${extension}`);
  if (config.databaseUrl) {
    const file = path.resolve(values.to ?? defaultFile("dump"));
    await dumpPostgres(config.databaseUrl, file);
    console.log(`backup: ${file} (pg_dump, custom format; restore with pg_restore)`);
    return;
  }
  const source = databaseTargetOf(config).sqliteFile as string;
  const file = path.resolve(values.to ?? defaultFile("db"));
  const bytes = await backupSqlite(source, file);
  console.log(`backup: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, integrity ok)`);
}

/**
 * Copies the live SQLite database into `file`. The copy is written beside it under a temporary
 * name and renamed only once checked, so a file with the final name is always a whole database.
 * It is left in rollback-journal mode: one self-contained file, with no -wal beside it.
 */
async function backupSqlite(source: string, file: string): Promise<number> {
  if (await fs.stat(file).catch(() => null)) throw new UsageError(`${file} exists already: give another --to`);
  await fs.stat(source).catch(() => {
    throw new UsageError(`no database at ${source}: nothing to back up`);
  });
  await fs.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  await fs.rm(partial, { force: true });
  const live = new SqliteDatabase(source, { fileMustExist: true });
  try {
    live.pragma("busy_timeout = 5000");
    await live.backup(partial, { progress: () => ALL_REMAINING_PAGES });
  } finally {
    live.close();
  }
  const copy = new SqliteDatabase(partial);
  try {
    copy.pragma("journal_mode = DELETE");
    const verdict = copy.pragma("integrity_check", { simple: true });
    if (verdict !== "ok") throw new Error(`the copy failed its integrity check: ${verdict}`);
  } finally {
    copy.close();
  }
  await fs.rename(partial, file);
  return (await fs.stat(file)).size;
}

/** The schema a DATABASE_URL puts first on its search path (`?options=-c search_path=x`), if any. */
function schemaOf(databaseUrl: string): string | null {
  const options = new URL(databaseUrl).searchParams.get("options") ?? "";
  return /search_path=([^,\s]+)/.exec(options)?.[1] ?? null;
}

async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  if (await fs.stat(file).catch(() => null)) throw new UsageError(`${file} exists already: give another --to`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const schema = schemaOf(databaseUrl);
  // The schema is given to pg_dump itself; libpq would not read the options' "+" as a space.
  const connection = new URL(databaseUrl);
  if (schema) connection.searchParams.delete("options");
  const args = ["--format=custom", `--file=${file}`, ...(schema ? [`--schema=${schema}`] : []), connection.toString()];
  try {
    await promisify(execFile)("pg_dump", args);
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === "ENOENT") {
      throw new UsageError(
        "pg_dump is not installed here. On PostgreSQL, back up with pg_dump from the PostgreSQL client tools " +
          '(same major version as the server or newer):\n  pg_dump --format=custom --file=xianzhi.dump "$DATABASE_URL"',
      );
    }
    await fs.rm(file, { force: true });
    throw new UsageError(`pg_dump failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
