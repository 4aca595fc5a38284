import fs from "node:fs";
import type pg from "pg";
import type { Db } from "./database.js";

/** What a database can tell about its connections now, for /metrics. */
export type DatabaseGauges =
  | { kind: "postgres"; total: number; idle: number; waiting: number }
  /** SQLite has one connection and no pool: the file and its write-ahead log, which checkpoints shrink. */
  | { kind: "sqlite"; databaseBytes: number; walBytes: number };

const readers = new WeakMap<Db, () => DatabaseGauges>();

export function rememberPostgresPool(db: Db, pool: pg.Pool): void {
  readers.set(db, () => ({
    kind: "postgres",
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
}

export function rememberSqliteFile(db: Db, file: string): void {
  const bytesOf = (name: string) => fs.statSync(name, { throwIfNoEntry: false })?.size ?? 0;
  readers.set(db, () => ({ kind: "sqlite", databaseBytes: bytesOf(file), walBytes: bytesOf(`${file}-wal`) }));
}

/** Read when /metrics is asked, never on a request's path. */
export function databaseGauges(db: Db): DatabaseGauges | null {
  return readers.get(db)?.() ?? null;
}
