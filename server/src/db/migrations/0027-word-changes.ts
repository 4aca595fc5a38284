import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.js";

/** Changes kept in the log; a reader further behind starts afresh (see features/goods/word-sets.ts). */
export const WORD_CHANGES_KEPT = 10_000;

/**
 * SQLite: a log of the goods whose entries in the word index (goods_words) may have changed,
 * written by triggers in the transaction that changes the goods, beside migration 0014's triggers
 * that change the index itself. Each server process keeps, in memory, which goods hold some words
 * (word-sets.ts) and brings that up to date from this log, by sequence number, before it answers
 * from it. The log keeps its newest WORD_CHANGES_KEPT rows. PostgreSQL has nothing of it: its
 * index reads run beside the server, not in its one thread.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  await sql`CREATE TABLE word_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, goods_id INTEGER NOT NULL)`.execute(db);
  await sql`CREATE TRIGGER word_changes_insert AFTER INSERT ON goods WHEN new.listed = 1 BEGIN
    INSERT INTO word_changes (goods_id) VALUES (new.id);
  END`.execute(db);
  await sql`CREATE TRIGGER word_changes_delete AFTER DELETE ON goods WHEN old.listed = 1 BEGIN
    INSERT INTO word_changes (goods_id) VALUES (old.id);
  END`.execute(db);
  await sql`CREATE TRIGGER word_changes_update AFTER UPDATE OF title, description, listed ON goods
    WHEN old.listed = 1 OR new.listed = 1 BEGIN
    INSERT INTO word_changes (goods_id) VALUES (new.id);
  END`.execute(db);
  await sql`CREATE TRIGGER word_changes_kept AFTER INSERT ON word_changes BEGIN
    DELETE FROM word_changes WHERE seq <= new.seq - ${sql.lit(WORD_CHANGES_KEPT)};
  END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  for (const trigger of ["word_changes_insert", "word_changes_delete", "word_changes_update"]) {
    await sql`DROP TRIGGER ${sql.raw(trigger)}`.execute(db);
  }
  await sql`DROP TABLE word_changes`.execute(db);
}
