import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import {
  type CompiledQuery,
  type Kysely,
  type KyselyConfig,
  type KyselyPlugin,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
  type Transaction,
} from "kysely";
import { spaceCjk, wordIndexText } from "../lib/words.js";
import { RememberingCamelCasePlugin } from "./camel-case.js";
import { rememberPostgresPool, rememberSqliteFile } from "./database-gauges.js";
import { createPostgresPool, type DatabaseLimits, DEFAULT_DATABASE_LIMITS, type PoolLog } from "./postgres-pool.js";
import type { DB } from "./schema.js";
import { checkpointInBackground } from "./sqlite-checkpoints.js";
import { readingDialect, sharedReaderPool } from "./sqlite-readers.js";
import { withStatementCache } from "./sqlite-statements.js";
import { GuardedKysely, guardedDialect } from "./transaction-guard.js";

export type Db = Kysely<DB>;
/** Repository functions take either, so a service can run several of them in one transaction. */
export type DbOrTx = Kysely<DB> | Transaction<DB>;
export type Dialect = "sqlite" | "postgres";

export interface DatabaseTarget {
  /** A postgres:// address; without one, the embedded SQLite file is used. */
  postgresUrl?: string | null;
  /** PostgreSQL schema to work in (tests give each app its own); public stays on the path for extensions. */
  postgresSchema?: string;
  sqliteFile?: string;
}

export interface OpenOptions {
  limits?: DatabaseLimits;
  /** Where lost connections are reported; they never reach the request that did not use them. */
  log?: PoolLog;
  /** Told every statement run, as run (a test reads the plans of what a request runs). */
  onQuery?: (query: CompiledQuery) => void;
  /** Kysely plugins after the database's own (a race test's interleaving of statements). */
  plugins?: readonly KyselyPlugin[];
}

/** Kysely's query log as a hook for each statement run. */
function queryLog(onQuery: OpenOptions["onQuery"]): Pick<KyselyConfig, "log"> {
  return onQuery ? { log: (event) => (event.level === "query" ? onQuery(event.query) : undefined) } : {};
}

const consoleLog: PoolLog = { warn: (details, message) => console.warn(message, details) };

export interface PostgresPlace {
  connectionString: string;
  /** The schema the tables are in. */
  schema: string;
  /** Runs `release` as the database closes. */
  beforeClose(release: () => void): void;
}

const postgresPlaces = new WeakMap<DbOrTx, PostgresPlace>();

/** Where a PostgreSQL database is, for what needs a connection of its own, apart from the pool (LISTEN). */
export function postgresPlaceOf(db: DbOrTx): PostgresPlace | undefined {
  return postgresPlaces.get(db);
}

export function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Db {
  const log = options.log ?? consoleLog;
  if (target.postgresUrl) {
    const plugins = [new RememberingCamelCasePlugin(), ...(options.plugins ?? [])];
    const pool = createPostgresPool({
      connectionString: target.postgresUrl,
      schema: target.postgresSchema,
      limits: options.limits ?? DEFAULT_DATABASE_LIMITS,
      log,
    });
    // node-postgres limits the wait for a connection itself (connectTimeoutMs).
    const db = new GuardedKysely<DB>({
      dialect: guardedDialect(new PostgresDialect({ pool })),
      plugins,
      ...queryLog(options.onQuery),
    });
    rememberPostgresPool(db, pool);
    postgresPlaces.set(db, {
      connectionString: target.postgresUrl,
      schema: target.postgresSchema ?? "public",
      beforeClose: (release) => db.beforeDestroy(release),
    });
    return db;
  }
  const file = target.sqliteFile ?? ":memory:";
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  registerSqliteFunctions(sqlite);
  // Statistics for the planner, gathered where a table has grown since they were taken (cheap when
  // nothing changed): without them SQLite can pick a scan of users over the goods index.
  sqlite.pragma("optimize = 0x10002");
  // Less ANALYZE's samples of index values (DROP_STAT4_SAMPLES says why).
  if (sqlite.prepare(STAT4_TABLE).get() && sqlite.prepare(STAT4_SAMPLE).get()) {
    for (const statement of DROP_STAT4_SAMPLES) sqlite.exec(statement);
  }
  const stopCheckpoints = file === ":memory:" ? () => {} : checkpointInBackground(sqlite, file, log);
  // Rows come camel-cased from the statements themselves (camelCaseRows): the plugin names the
  // query's identifiers only.
  const camelCase = new RememberingCamelCasePlugin({ rowsAlreadyCamelCased: true });
  const plugins = [camelCase, ...(options.plugins ?? [])];
  const database = withStatementCache(sqlite, (name) => camelCase.camelCaseName(name));
  const close = () => {
    stopCheckpoints();
    database.close();
  };
  const dialect = new SqliteDialect({ database: { ...database, close } });
  const limits = options.limits ?? DEFAULT_DATABASE_LIMITS;
  const guarded = guardedDialect(dialect, { waitTimeoutMs: limits.connectTimeoutMs });
  // A database in memory is this connection's alone: no other connection can read it.
  const reading =
    file === ":memory:" || limits.sqliteReaders === 0
      ? guarded
      : readingDialect(guarded, sharedReaderPool(limits.sqliteReaders).source(file), readOnlyTest(sqlite));
  const db = new GuardedKysely<DB>({ dialect: reading, plugins, ...queryLog(options.onQuery) });
  if (file !== ":memory:") rememberSqliteFile(db, file);
  return db;
}

/** Statements' verdicts kept at most; past it the oldest is dropped (as the statement cache's). */
const READ_ONLY_VERDICTS_MAX = 500;

/**
 * Whether a statement only reads and gives rows, in SQLite's own words (sqlite3_stmt_readonly):
 * BEGIN is "read-only" and INSERT … RETURNING gives rows; PRAGMA stays with the main connection.
 */
function readOnlyTest(sqlite: SqliteDatabase.Database): (text: string) => boolean {
  const verdicts = new Map<string, boolean>();
  return (text) => {
    let verdict = verdicts.get(text);
    if (verdict === undefined) {
      const statement = sqlite.prepare(text);
      verdict = statement.reader && statement.readonly && !/^\s*pragma\b/i.test(text);
      if (verdicts.size >= READ_ONLY_VERDICTS_MAX) verdicts.delete(verdicts.keys().next().value as string);
      verdicts.set(text, verdict);
    }
    return verdict;
  };
}

/** Functions the search triggers call; every connection that writes goods needs them. */
export function registerSqliteFunctions(sqlite: SqliteDatabase.Database): void {
  // xianzhi_spaced made the word index up to migration 0014, which adds the CJK pairs.
  sqlite.function("xianzhi_spaced", { deterministic: true }, (text: unknown) => spaceCjk(String(text ?? "")));
  sqlite.function("xianzhi_words", { deterministic: true }, (text: unknown) => wordIndexText(String(text ?? "")));
}

/**
 * Keeps the planner's statistics current on a long-running SQLite connection, as SQLite advises
 * (every few hours); PostgreSQL's autovacuum does the same by itself.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  await sql`PRAGMA optimize`.execute(db);
  const rowsOf = async (text: string) => (await sql.raw(text).execute(db)).rows.length;
  if ((await rowsOf(STAT4_TABLE)) === 0 || (await rowsOf(STAT4_SAMPLE)) === 0) return;
  for (const statement of DROP_STAT4_SAMPLES) await sql.raw(statement).execute(db);
}

/**
 * The planner's statistics taken afresh after a bulk load (npm run db:seed, the demo data, a
 * migration that rewrote tables): without them PostgreSQL plans the new rows as if the tables were
 * empty (a condition filter took 500 ms at a million goods), and autovacuum, which would take
 * them later, is off on some hosts. Only the app's own tables (its schema), not the whole database.
 */
export async function analyzeAfterBulkLoad(db: Db): Promise<void> {
  if (dialectOf(db) === "sqlite") {
    await sql`ANALYZE`.execute(db);
    for (const statement of DROP_STAT4_SAMPLES) await sql.raw(statement).execute(db);
    return;
  }
  const { rows } = await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables
    WHERE schemaname = current_schema()`.execute(db);
  if (rows.length === 0) return;
  await sql`ANALYZE ${sql.join(rows.map((row) => sql.table(row.name)))}`.execute(db);
}

/**
 * After ANALYZE (and PRAGMA optimize, which runs it) its table counts (sqlite_stat1) are kept but
 * not its samples of index values (sqlite_stat4, as better-sqlite3 is built): a statement whose
 * bound value the planner looked up in those samples is prepared anew every time a value is
 * bound, so every prepared statement with a parameter on an indexed column would be compiled on
 * every run (a deep price page 2.7 times slower). `ANALYZE sqlite_schema` reloads the statistics.
 */
const STAT4_TABLE = "SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat4'";
const STAT4_SAMPLE = "SELECT 1 FROM sqlite_stat4 LIMIT 1";
const DROP_STAT4_SAMPLES = ["DELETE FROM sqlite_stat4", "ANALYZE sqlite_schema"];

export function dialectOf(db: { getExecutor(): { adapter: unknown } }): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? "sqlite" : "postgres";
}
