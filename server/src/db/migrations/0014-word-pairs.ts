import { type Kysely, sql } from "kysely";
import { CJK_CHARACTER_CLASS } from "../../lib/words.js";
import { dialectOf } from "../database.js";

/**
 * The word index holds every two neighbouring CJK characters as a word too ("九成新" also gives
 * 九成 and 成新), after the single characters. A two-character word (手机, 包邮) is then one index
 * entry to read, not the entries of both its characters with their positions to line up: a
 * keyword of several common words, whose goods rarely meet, reads a tenth of what it did.
 * The pairs come after the text's own words, and a pair is never a single character, so phrases
 * of single characters match what they did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "sqlite") await rebuildSqliteWords(db, "xianzhi_words");
  else await rebuildPostgresWords(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "sqlite") await rebuildSqliteWords(db, "xianzhi_spaced");
  else await rebuildPostgresWords(db, false);
}

/** 0010's listed-goods word table and triggers, its text made by the SQL function named. */
async function rebuildSqliteWords(db: Kysely<unknown>, wordsOf: "xianzhi_words" | "xianzhi_spaced") {
  const words = (row: string) => sql.raw(`${wordsOf}(${row}.title), ${wordsOf}(${row}.description)`);
  for (const trigger of ["goods_search_insert", "goods_search_delete", "goods_search_update"]) {
    await sql`DROP TRIGGER ${sql.raw(trigger)}`.execute(db);
  }
  await sql`DROP TABLE goods_words`.execute(db);
  await sql`CREATE VIRTUAL TABLE goods_words USING fts5(
    title, description, content='', contentless_delete=1, tokenize='unicode61')`.execute(db);
  await sql`INSERT INTO goods_words(rowid, title, description)
    SELECT goods.id, ${words("goods")} FROM goods WHERE goods.listed = 1`.execute(db);
  // One segment rather than the many a bulk insert leaves: a query reads every segment.
  await sql`INSERT INTO goods_words(goods_words) VALUES ('optimize')`.execute(db);
  await sql`CREATE TRIGGER goods_search_insert AFTER INSERT ON goods WHEN new.listed = 1 BEGIN
    INSERT INTO goods_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
    INSERT INTO goods_words(rowid, title, description) VALUES (new.id, ${words("new")});
  END`.execute(db);
  await sql`CREATE TRIGGER goods_search_delete AFTER DELETE ON goods WHEN old.listed = 1 BEGIN
    DELETE FROM goods_fts WHERE rowid = old.id;
    DELETE FROM goods_words WHERE rowid = old.id;
  END`.execute(db);
  await sql`CREATE TRIGGER goods_search_update AFTER UPDATE OF title, description, listed ON goods BEGIN
    DELETE FROM goods_fts WHERE rowid = old.id AND old.listed = 1;
    DELETE FROM goods_words WHERE rowid = old.id AND old.listed = 1;
    INSERT INTO goods_fts(rowid, title, description) SELECT new.id, new.title, new.description WHERE new.listed = 1;
    INSERT INTO goods_words(rowid, title, description) SELECT new.id, ${words("new")} WHERE new.listed = 1;
  END`.execute(db);
}

/** 0003's weighted word vector (title A, description B), with the pairs of each text when `withPairs`. */
async function rebuildPostgresWords(db: Kysely<unknown>, withPairs: boolean) {
  if (withPairs) {
    // Each run of two CJK characters and more, as its pairs.
    await sql`CREATE FUNCTION xianzhi_cjk_pairs(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(string_agg(substr(run[1], i, 2), ' '), '')
      FROM regexp_matches(t, ${sql.raw(`'${CJK_CHARACTER_CLASS}{2,}'`)}, 'g') AS run,
        generate_series(1, length(run[1]) - 1) AS i $$`.execute(db);
  }
  const words = (column: string, weight: string) => {
    const spaced = `to_tsvector('simple', regexp_replace(${column}, '(${CJK_CHARACTER_CLASS})', ' \\1 ', 'g'))`;
    const pairs = withPairs ? ` || to_tsvector('simple', xianzhi_cjk_pairs(${column}))` : "";
    return `setweight(${spaced}${pairs}, '${weight}')`;
  };
  await sql`ALTER TABLE goods DROP COLUMN search_words`.execute(db);
  await sql`ALTER TABLE goods ADD COLUMN search_words tsvector
    GENERATED ALWAYS AS (${sql.raw(`${words("title", "A")} || ${words("description", "B")}`)}) STORED`.execute(db);
  await sql`CREATE INDEX goods_search_words ON goods USING gin (search_words)`.execute(db);
  if (!withPairs) await sql`DROP FUNCTION xianzhi_cjk_pairs(text)`.execute(db);
}
