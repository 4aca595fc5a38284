import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import SqliteDatabase from "better-sqlite3";
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
  UnknownRow,
} from "kysely";
import { insideTransaction, QueryOutsideTransactionError } from "./transaction-guard.js";

/**
 * better-sqlite3 runs a statement on the thread that calls it: on the main thread a deep list or
 * a search over common words (100 ms and more at a million goods) stalls every other request. So
 * on SQLite a statement that only reads, outside a transaction, runs on a reader thread of a pool
 * shared by the process, on a read-only connection of its own: WAL lets readers read in parallel
 * with each other and with the one writer, each statement from the last commit (a request reads
 * what it has just written). Writes, transactions (their reads too: one snapshot) and streamed
 * queries stay on the main connection.
 */

export type ReaderRequest =
  | { type: "query"; id: number; sourceId: number; file: string; sql: string; parameters: readonly unknown[] }
  | { type: "close"; sourceId: number };

export type ReaderReply =
  | { id: number; rows: UnknownRow[] }
  | { id: number; error: { message: string; code: string | undefined } };

interface Job {
  request: Extract<ReaderRequest, { type: "query" }>;
  resolve(rows: UnknownRow[]): void;
  reject(error: Error): void;
}

/**
 * The worker: its build under npm start; under tsx (tests, npm run dev) its source, through tsx's
 * API, as a worker does not take the parent's --import of tsx on this Node.
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL("./sqlite-reader-worker.js", import.meta.url));
  const source = new URL("./sqlite-reader-worker.ts", import.meta.url).href;
  const tsxPackage = createRequire(import.meta.url).resolve("tsx/package.json");
  const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), "dist/esm/api/index.mjs")).href;
  const load = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return new Worker(load, { eval: true });
}

class ReaderThread {
  readonly #worker: Worker;
  #job: Job | undefined;

  constructor(
    private readonly onIdle: (thread: ReaderThread) => void,
    private readonly onExit: (thread: ReaderThread) => void,
  ) {
    this.#worker = startWorker();
    // An idle reader does not keep the process alive; one answering a query does.
    this.#worker.unref();
    this.#worker.on("message", (reply: ReaderReply) => this.#settle(reply));
    this.#worker.on("error", (error) => this.#fail(error));
    this.#worker.on("exit", (code) => {
      this.#fail(new Error(`SQLite reader thread exited with code ${code}`));
      this.onExit(this);
    });
  }

  get idle(): boolean {
    return this.#job === undefined;
  }

  run(job: Job): void {
    this.#job = job;
    this.#worker.ref();
    this.#worker.postMessage(job.request);
  }

  send(request: ReaderRequest): void {
    this.#worker.postMessage(request);
  }

  #settle(reply: ReaderReply): void {
    const job = this.#job;
    this.#job = undefined;
    this.#worker.unref();
    if (job) {
      if ("rows" in reply) job.resolve(reply.rows);
      else job.reject(new SqliteDatabase.SqliteError(reply.error.message, reply.error.code ?? "SQLITE_ERROR"));
    }
    this.onIdle(this);
  }

  #fail(error: Error): void {
    const job = this.#job;
    this.#job = undefined;
    job?.reject(error);
  }
}

export class ReaderPool {
  readonly #threads: ReaderThread[] = [];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #nextSourceId = 1;

  constructor(private readonly size: number) {}

  /** A database file the pool reads for one opened database, until `close`. */
  source(file: string): ReadSource {
    const sourceId = this.#nextSourceId++;
    return {
      read: (sql, parameters) => this.#read(sourceId, file, sql, parameters),
      // After any read of it queued before: each thread answers in order.
      close: () => {
        for (const thread of this.#threads) thread.send({ type: "close", sourceId });
      },
    };
  }

  #read(sourceId: number, file: string, sql: string, parameters: readonly unknown[]): Promise<UnknownRow[]> {
    return new Promise((resolve, reject) => {
      const job = { request: { type: "query", id: this.#nextId++, sourceId, file, sql, parameters }, resolve, reject };
      const thread = this.#threads.find((candidate) => candidate.idle) ?? this.#startThread();
      if (thread) thread.run(job as Job);
      else this.#queue.push(job as Job);
    });
  }

  /** Threads start as reads come, up to the pool's size. */
  #startThread(): ReaderThread | undefined {
    if (this.#threads.length >= this.size) return undefined;
    const thread = new ReaderThread(
      (idle) => {
        const next = this.#queue.shift();
        if (next) idle.run(next);
      },
      // A thread that died (it should not) is replaced by the next read that finds none idle.
      (gone) => {
        this.#threads.splice(this.#threads.indexOf(gone), 1);
        const next = this.#queue.shift();
        if (next) this.#startThread()?.run(next);
      },
    );
    this.#threads.push(thread);
    return thread;
  }
}

export interface ReadSource {
  read(sql: string, parameters: readonly unknown[]): Promise<UnknownRow[]>;
  close(): void;
}

let sharedPool: ReaderPool | undefined;

/** The process's pool (its size is the first caller's): every database opened shares its threads. */
export function sharedReaderPool(size: number): ReaderPool {
  sharedPool ??= new ReaderPool(size);
  return sharedPool;
}

/**
 * The dialect with reads sent to `source` (see above). `isReadOnly` says whether a statement only
 * reads (SQLite's own verdict on it, not its first word: INSERT … RETURNING gives rows too).
 * The root handle inside a transaction is refused here as in transaction-guard.ts.
 */
export function readingDialect(dialect: Dialect, source: ReadSource, isReadOnly: (sql: string) => boolean): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new ReadingDriver(dialect.createDriver(), source, isReadOnly),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

class ReadingDriver implements Driver {
  constructor(
    private readonly writer: Driver,
    private readonly source: ReadSource,
    private readonly isReadOnly: (sql: string) => boolean,
  ) {}

  init(): Promise<void> {
    return this.writer.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (insideTransaction()) throw new QueryOutsideTransactionError();
    return new RoutedConnection(this.writer, this.source, this.isReadOnly);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const pinned = await (connection as RoutedConnection).pin();
    await this.writer.beginTransaction(pinned, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.writer.commitTransaction((connection as RoutedConnection).pinned());
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.writer.rollbackTransaction((connection as RoutedConnection).pinned());
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).unpin();
  }

  async destroy(): Promise<void> {
    this.source.close();
    await this.writer.destroy();
  }
}

/** What the root handle hands out: reads to the readers, the rest to the writer, held only while used. */
class RoutedConnection implements DatabaseConnection {
  #pinned: DatabaseConnection | undefined;

  constructor(
    private readonly writer: Driver,
    private readonly source: ReadSource,
    private readonly isReadOnly: (sql: string) => boolean,
  ) {}

  async pin(): Promise<DatabaseConnection> {
    this.#pinned ??= await this.writer.acquireConnection();
    return this.#pinned;
  }

  pinned(): DatabaseConnection {
    if (!this.#pinned) throw new Error("no transaction is open on this connection");
    return this.#pinned;
  }

  async unpin(): Promise<void> {
    const pinned = this.#pinned;
    this.#pinned = undefined;
    if (pinned) await this.writer.releaseConnection(pinned);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#pinned) return this.#pinned.executeQuery<R>(query);
    if (this.isReadOnly(query.sql)) return { rows: (await this.source.read(query.sql, query.parameters)) as R[] };
    const writer = await this.writer.acquireConnection();
    try {
      return await writer.executeQuery<R>(query);
    } finally {
      await this.writer.releaseConnection(writer);
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.#pinned) {
      yield* this.#pinned.streamQuery<R>(query, chunkSize);
      return;
    }
    const writer = await this.writer.acquireConnection();
    try {
      yield* writer.streamQuery<R>(query, chunkSize);
    } finally {
      await this.writer.releaseConnection(writer);
    }
  }
}
