import { AsyncLocalStorage } from "node:async_hooks";
import {
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type Transaction,
  type TransactionBuilder,
  type TransactionSettings,
} from "kysely";

/**
 * Code running inside a transaction must reach the database through that transaction. A query
 * through the root handle instead waits forever on SQLite (its one connection is the
 * transaction's) and on PostgreSQL runs outside the transaction, breaking its atomicity. So the
 * root handle refuses: every transaction marks the code it runs (AsyncLocalStorage follows it
 * through awaits, timers and callbacks), and the driver refuses to hand that code a connection.
 */
interface OpenTransaction {
  open: boolean;
}

const runningTransaction = new AsyncLocalStorage<OpenTransaction>();

export class QueryOutsideTransactionError extends Error {
  constructor() {
    super(
      "A query went through the root database handle while a transaction is open in the same async context: " +
        "inside a transaction, use the transaction (tx) only",
    );
    this.name = "QueryOutsideTransactionError";
  }
}

/** No free connection came in time: the database is held by others; the client may try again. */
export class DatabaseWaitTimeoutError extends Error {
  constructor(waitedMs: number) {
    super(`No database connection became free within ${waitedMs} ms`);
    this.name = "DatabaseWaitTimeoutError";
  }
}

export function insideTransaction(): boolean {
  return runningTransaction.getStore()?.open === true;
}

/** Kysely whose transactions mark the code they run, for the guarded driver below. */
export class GuardedKysely<DB> extends Kysely<DB> {
  readonly #beforeDestroy: (() => void)[] = [];

  /** Runs `release` when the database is closed: for a connection held apart from the pool, given back first. */
  beforeDestroy(release: () => void): void {
    this.#beforeDestroy.push(release);
  }

  override async destroy(): Promise<void> {
    for (const release of this.#beforeDestroy.splice(0)) release();
    await super.destroy();
  }

  override transaction(): TransactionBuilder<DB> {
    return markingTransactions(super.transaction());
  }

  /** Not used: a controlled transaction's code could not be marked. */
  override startTransaction(): never {
    throw new Error("startTransaction is not supported: use transaction().execute(...)");
  }
}

function markingTransactions<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  const marking = {
    execute: <T>(run: (tx: Transaction<DB>) => Promise<T>): Promise<T> =>
      builder.execute(async (tx) => {
        const mark: OpenTransaction = { open: true };
        try {
          return await runningTransaction.run(mark, () => run(tx));
        } finally {
          // What the transaction started and that runs on after it (a timer, a detached promise)
          // keeps the mark in its context, now as closed.
          mark.open = false;
        }
      }),
    setAccessMode: (...args: Parameters<TransactionBuilder<DB>["setAccessMode"]>) =>
      markingTransactions(builder.setAccessMode(...args)),
    setIsolationLevel: (...args: Parameters<TransactionBuilder<DB>["setIsolationLevel"]>) =>
      markingTransactions(builder.setIsolationLevel(...args)),
  };
  return marking as unknown as TransactionBuilder<DB>;
}

export interface GuardOptions {
  /**
   * How long a query may wait for a connection before it fails with DatabaseWaitTimeoutError (a
   * 503): SQLite's one connection waits in Kysely's queue with no limit of its own.
   */
  waitTimeoutMs?: number;
}

/** The dialect with its driver wrapped in the guard. */
export function guardedDialect(dialect: Dialect, options: GuardOptions = {}): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new GuardedDriver(dialect.createDriver(), options.waitTimeoutMs),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

class GuardedDriver implements Driver {
  /** Connections handed out and not yet back: while none is, a wait needs no timer. */
  #lent = 0;

  constructor(
    private readonly driver: Driver,
    private readonly waitTimeoutMs: number | undefined,
  ) {}

  init(): Promise<void> {
    return this.driver.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    if (insideTransaction()) return Promise.reject(new QueryOutsideTransactionError());
    const acquiring = this.driver.acquireConnection();
    const waiting =
      this.waitTimeoutMs === undefined || this.#lent === 0
        ? acquiring
        : this.#withinWait(acquiring, this.waitTimeoutMs);
    return waiting.then((connection) => {
      this.#lent += 1;
      return connection;
    });
  }

  #withinWait(acquiring: Promise<DatabaseConnection>, waitMs: number): Promise<DatabaseConnection> {
    return new Promise((resolve, reject) => {
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        reject(new DatabaseWaitTimeoutError(waitMs));
      }, waitMs);
      acquiring.then(
        (connection) => {
          clearTimeout(timer);
          // Nobody waits for it any more: handed straight back, or the queue behind it stalls.
          if (timedOut) void this.driver.releaseConnection(connection);
          else resolve(connection);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.driver.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#lent -= 1;
    return this.driver.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.driver.destroy();
  }
}
