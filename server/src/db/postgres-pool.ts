import os from "node:os";
import pg from "pg";

/** How long the server waits on PostgreSQL before it answers 503 instead of hanging. */
export interface DatabaseLimits {
  poolMax: number;
  /** Opening a connection, and waiting for a free one when all are busy. */
  connectTimeoutMs: number;
  /** PostgreSQL cancels a statement after this; a transaction left idle this long is ended too. */
  statementTimeoutMs: number;
  /** An unused connection is closed after this, so a restarted server is not met with stale ones. */
  idleTimeoutMs: number;
  /** SQLite: threads reading beside the main connection (sqlite-readers.ts); 0 reads on the main thread. */
  sqliteReaders: number;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  // A connection is held for a whole transaction (a search's is 6 round trips) while PostgreSQL
  // mostly waits on the network and the event loop: under bench:mixed 10 left requests queueing
  // for the pool (most of their latency) with PostgreSQL's backends at 0.4 of a core.
  poolMax: 20,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
  idleTimeoutMs: 30_000,
  // One a core, the main thread's answers and the readers' statements sharing them; more only wait.
  sqliteReaders: Math.min(4, os.availableParallelism()),
};

/**
 * The client gives up on an answer a little after PostgreSQL would have cancelled the statement:
 * PostgreSQL's own 57014 comes first when it is alive, this only fires when it is frozen or gone.
 */
const READ_TIMEOUT_MARGIN_MS = 1_000;

export interface PoolLog {
  warn(details: object, message: string): void;
}

export interface PoolOptions {
  connectionString: string;
  schema?: string;
  limits: DatabaseLimits;
  log: PoolLog;
}

/**
 * A pool that survives the database going away: a dropped connection is logged, never thrown
 * (an unhandled `error` event would end the process), and a connection whose answer timed out
 * is closed rather than handed to the next request behind a query that never finishes.
 */
export function createPostgresPool(options: PoolOptions): pg.Pool {
  const { limits, log } = options;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: limits.poolMax,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    idleTimeoutMillis: limits.idleTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    idle_in_transaction_session_timeout: limits.statementTimeoutMs,
    query_timeout: limits.statementTimeoutMs + READ_TIMEOUT_MARGIN_MS,
    keepAlive: true,
    ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
  });
  // The pool passes on the errors of its idle connections, and without a listener an `error`
  // event ends the process. Each connection's own listener below has logged them already.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    // A connection in use has no other listener: the pool removes its own while lending it out.
    client.on("error", (error) => log.warn({ err: error }, "database connection lost"));
    wrapQuery(client);
  });
  return pool;
}

/** SQL texts run as named prepared statements, with their names. */
const statementNames = new Map<string, string>();

/**
 * Has PostgreSQL parse and plan this SQL once per connection and reuse the plan, instead of on
 * every run: for the hot reads, whose text never changes (see prepared-query.ts).
 */
export function nameStatement(sql: string): void {
  if (!statementNames.has(sql)) statementNames.set(sql, `xianzhi_${statementNames.size + 1}`);
}

/**
 * pg leaves a timed-out query running on its connection; ending the client before it goes back
 * to the pool makes the pool discard it. Named statements get their name here, since Kysely
 * passes only the text. The wrapper is installed once per connection.
 */
function wrapQuery(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const name = typeof args[0] === "string" ? statementNames.get(args[0]) : undefined;
    const result = name ? query({ name, text: args[0], values: args[1] }) : query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === "Query read timeout") void client.end();
      });
    }
    return result;
  }) as typeof client.query;
}
