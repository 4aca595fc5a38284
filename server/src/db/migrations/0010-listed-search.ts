import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.js";

const OLD_TRIGGERS = [
  "goods_fts_insert",
  "goods_fts_delete",
  "goods_fts_update",
  "goods_words_insert",
  "goods_words_delete",
  "goods_words_update",
];

/**
 * SQLite: the search indexes hold listed goods only (sold goods leave them, and come back when on
 * sale again). A search without filters then reads nothing but its index: a page is the newest
 * rowids that match, and the total counts rowids, with no goods row read per match. Both tables
 * are contentless, since the search reads only their rowids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  for (const trigger of OLD_TRIGGERS) await sql`DROP TRIGGER ${sql.raw(trigger)}`.execute(db);
  await sql`DROP TABLE goods_fts`.execute(db);
  await sql`DROP TABLE goods_words`.execute(db);
  await sql`CREATE VIRTUAL TABLE goods_fts USING fts5(
    title, description, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
  await sql`CREATE VIRTUAL TABLE goods_words USING fts5(
    title, description, content='', contentless_delete=1, tokenize='unicode61')`.execute(db);
  await sql`INSERT INTO goods_fts(rowid, title, description)
    SELECT id, title, description FROM goods WHERE listed = 1`.execute(db);
  await sql`INSERT INTO goods_words(rowid, title, description)
    SELECT id, xianzhi_spaced(title), xianzhi_spaced(description) FROM goods WHERE listed = 1`.execute(db);
  await sql`CREATE TRIGGER goods_search_insert AFTER INSERT ON goods WHEN new.listed = 1 BEGIN
    INSERT INTO goods_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
    INSERT INTO goods_words(rowid, title, description) VALUES (new.id, xianzhi_spaced(new.title), xianzhi_spaced(new.description));
  END`.execute(db);
  await sql`CREATE TRIGGER goods_search_delete AFTER DELETE ON goods WHEN old.listed = 1 BEGIN
    DELETE FROM goods_fts WHERE rowid = old.id;
    DELETE FROM goods_words WHERE rowid = old.id;
  END`.execute(db);
  // One trigger for every change, so the old entry always goes before the new one comes.
  await sql`CREATE TRIGGER goods_search_update AFTER UPDATE OF title, description, listed ON goods BEGIN
    DELETE FROM goods_fts WHERE rowid = old.id AND old.listed = 1;
    DELETE FROM goods_words WHERE rowid = old.id AND old.listed = 1;
    INSERT INTO goods_fts(rowid, title, description) SELECT new.id, new.title, new.description WHERE new.listed = 1;
    INSERT INTO goods_words(rowid, title, description)
      SELECT new.id, xianzhi_spaced(new.title), xianzhi_spaced(new.description) WHERE new.listed = 1;
  END`.execute(db);
}

/** Back to indexes of every goods, sold ones included (0002's trigram table, 0003's word table). */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  for (const trigger of ["goods_search_insert", "goods_search_delete", "goods_search_update"]) {
    await sql`DROP TRIGGER ${sql.raw(trigger)}`.execute(db);
  }
  await sql`DROP TABLE goods_fts`.execute(db);
  await sql`DROP TABLE goods_words`.execute(db);
  await sql`CREATE VIRTUAL TABLE goods_fts USING fts5(
    title, description, content='goods', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`INSERT INTO goods_fts(goods_fts) VALUES ('rebuild')`.execute(db);
  await sql`CREATE TRIGGER goods_fts_insert AFTER INSERT ON goods BEGIN
    INSERT INTO goods_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
  END`.execute(db);
  await sql`CREATE TRIGGER goods_fts_delete AFTER DELETE ON goods BEGIN
    INSERT INTO goods_fts(goods_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
  END`.execute(db);
  await sql`CREATE TRIGGER goods_fts_update AFTER UPDATE OF title, description ON goods BEGIN
    INSERT INTO goods_fts(goods_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
    INSERT INTO goods_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
  END`.execute(db);
  await sql`CREATE VIRTUAL TABLE goods_words USING fts5(
    title, description, content='', contentless_delete=1, tokenize='unicode61')`.execute(db);
  await sql`INSERT INTO goods_words(rowid, title, description)
    SELECT id, xianzhi_spaced(title), xianzhi_spaced(description) FROM goods`.execute(db);
  await sql`CREATE TRIGGER goods_words_insert AFTER INSERT ON goods BEGIN
    INSERT INTO goods_words(rowid, title, description) VALUES (new.id, xianzhi_spaced(new.title), xianzhi_spaced(new.description));
  END`.execute(db);
  await sql`CREATE TRIGGER goods_words_delete AFTER DELETE ON goods BEGIN
    DELETE FROM goods_words WHERE rowid = old.id;
  END`.execute(db);
  await sql`CREATE TRIGGER goods_words_update AFTER UPDATE OF title, description ON goods BEGIN
    DELETE FROM goods_words WHERE rowid = old.id;
    INSERT INTO goods_words(rowid, title, description) VALUES (new.id, xianzhi_spaced(new.title), xianzhi_spaced(new.description));
  END`.execute(db);
}
