import fs from "node:fs";
import type pg from "pg";
import type { Db } from "./database.js";

/** A figure of the database for /metrics, read when it is asked for, never on a request's path. */
export interface DatabaseGauge {
  name: string;
  help: string;
  read(): number;
}

const gaugesOf = new WeakMap<Db, DatabaseGauge[]>();

export function rememberPostgresPool(db: Db, pool: pg.Pool): void {
  gaugesOf.set(db, [
    { name: "db_pool_connections_total", help: "PostgreSQL connections open in the pool", read: () => pool.totalCount },
    { name: "db_pool_connections_idle", help: "PostgreSQL connections open and unused", read: () => pool.idleCount },
    {
      name: "db_pool_requests_waiting",
      help: "Queries waiting for a free PostgreSQL connection",
      read: () => pool.waitingCount,
    },
  ]);
}

/** SQLite has one connection and no pool: what tells of its health is the file and its write-ahead log. */
export function rememberSqliteFile(db: Db, file: string): void {
  const bytesOf = (name: string) => fs.statSync(name, { throwIfNoEntry: false })?.size ?? 0;
  gaugesOf.set(db, [
    { name: "sqlite_database_bytes", help: "Size of the SQLite file", read: () => bytesOf(file) },
    {
      name: "sqlite_wal_bytes",
      help: "Size of the SQLite write-ahead log, which checkpoints fold back into the file",
      read: () => bytesOf(`${file}-wal`),
    },
  ]);
}

export function databaseGauges(db: Db): readonly DatabaseGauge[] {
  return gaugesOf.get(db) ?? [];
}
