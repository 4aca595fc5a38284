import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import {
  CamelCasePlugin,
  type Kysely,
  type PluginTransformResultArgs,
  PostgresDialect,
  type QueryResult,
  SqliteAdapter,
  SqliteDialect,
  sql,
  type Transaction,
  type UnknownRow,
} from "kysely";
import { spaceCjk, wordIndexText } from "../lib/words.js";
import { rememberPostgresPool, rememberSqliteFile } from "./database-gauges.js";
import { createPostgresPool, type DatabaseLimits, DEFAULT_DATABASE_LIMITS, type PoolLog } from "./postgres-pool.js";
import type { DB } from "./schema.js";
import { checkpointInBackground } from "./sqlite-checkpoints.js";
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
}

const consoleLog: PoolLog = { warn: (details, message) => console.warn(message, details) };

export function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Db {
  const log = options.log ?? consoleLog;
  if (target.postgresUrl) {
    const plugins = [new RememberingCamelCasePlugin()];
    const pool = createPostgresPool({
      connectionString: target.postgresUrl,
      schema: target.postgresSchema,
      limits: options.limits ?? DEFAULT_DATABASE_LIMITS,
      log,
    });
    // node-postgres limits the wait for a connection itself (connectTimeoutMs).
    const db = new GuardedKysely<DB>({ dialect: guardedDialect(new PostgresDialect({ pool })), plugins });
    rememberPostgresPool(db, pool);
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
  const plugins = [camelCase];
  const database = withStatementCache(sqlite, (name) => camelCase.camelCaseName(name));
  const close = () => {
    stopCheckpoints();
    database.close();
  };
  const dialect = new SqliteDialect({ database: { ...database, close } });
  const waitTimeoutMs = (options.limits ?? DEFAULT_DATABASE_LIMITS).connectTimeoutMs;
  const db = new GuardedKysely<DB>({ dialect: guardedDialect(dialect, { waitTimeoutMs }), plugins });
  if (file !== ":memory:") rememberSqliteFile(db, file);
  return db;
}

/**
 * The camel-case plugin converts every column name of every row, and every identifier of every
 * query, afresh; the app has a few hundred names, each converted once here.
 */
class RememberingCamelCasePlugin extends CamelCasePlugin {
  readonly #camel = new Map<string, string>();
  readonly #snake = new Map<string, string>();
  readonly #rowsAlreadyCamelCased: boolean;

  constructor({ rowsAlreadyCamelCased = false } = {}) {
    super();
    this.#rowsAlreadyCamelCased = rowsAlreadyCamelCased;
  }

  override transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return this.#rowsAlreadyCamelCased ? Promise.resolve(args.result) : super.transformResult(args);
  }

  /** A result column's name as the app reads it. */
  camelCaseName(name: string): string {
    return this.camelCase(name);
  }

  protected override camelCase(name: string): string {
    return remembered(this.#camel, name, (text) => super.camelCase(text));
  }

  protected override snakeCase(name: string): string {
    return remembered(this.#snake, name, (text) => super.snakeCase(text));
  }
}

function remembered(memory: Map<string, string>, name: string, convert: (name: string) => string): string {
  const known = memory.get(name);
  if (known !== undefined) return known;
  const converted = convert(name);
  memory.set(name, converted);
  return converted;
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
