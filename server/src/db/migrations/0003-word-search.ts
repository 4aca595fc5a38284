import { type Kysely, sql } from "kysely";
import { CJK_CHARACTER_CLASS } from "../../lib/words.js";
import { dialectOf } from "../database.js";

/**
 * A word index beside the trigram one, for search words of one or two characters (手机, 电脑),
 * which trigrams cannot answer: every CJK character is indexed as a word of its own with its
 * position, so "手机" is the phrase "手 机".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "sqlite") {
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
    return;
  }
  // Title words weigh A and description words B, so a query can ask for title matches alone.
  const words = (column: string, weight: string) =>
    `setweight(to_tsvector('simple', regexp_replace(${column}, '(${CJK_CHARACTER_CLASS})', ' \\1 ', 'g')), '${weight}')`;
  await sql`ALTER TABLE goods ADD COLUMN search_words tsvector
    GENERATED ALWAYS AS (${sql.raw(`${words("title", "A")} || ${words("description", "B")}`)}) STORED`.execute(db);
  await sql`CREATE INDEX goods_search_words ON goods USING gin (search_words)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "sqlite") {
    for (const trigger of ["goods_words_insert", "goods_words_delete", "goods_words_update"]) {
      await sql`DROP TRIGGER ${sql.raw(trigger)}`.execute(db);
    }
    await sql`DROP TABLE goods_words`.execute(db);
    return;
  }
  await sql`ALTER TABLE goods DROP COLUMN search_words`.execute(db);
}
