import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.js";

/** The columns whose change can move a goods into or out of a search's matches, or reorder them. */
const WATCHED = ["title", "description", "listed", "category", "price_cents", "fav_count", "condition", "location"];
/** Ids sent at most in one notice (NOTIFY takes 8,000 bytes); past it the notice says "*": forget all. */
const IDS_PER_NOTICE = 1000;

const watched = (row: string) => `(${WATCHED.map((column) => `${row}.${column}`).join(", ")})`;

/**
 * PostgreSQL: each statement that changes listed goods NOTIFYs goods_changes with their ids
 * (features/goods/goods-changes.ts), as "<schema> 1,2,3", delivered at commit in commit order to
 * every server process listening. SQLite logs the same changes in a table (migrations 0027, 0030,
 * 0031). One notice per statement, from its transition tables: a bulk load sends one "*".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql
    .raw(`CREATE FUNCTION goods_change_notice() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed integer;
      ids text;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        SELECT count(*), string_agg(id::text, ',') INTO changed, ids
          FROM (SELECT id FROM new_rows WHERE listed = 1 LIMIT ${IDS_PER_NOTICE + 1}) AS c;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT count(*), string_agg(id::text, ',') INTO changed, ids
          FROM (SELECT id FROM old_rows WHERE listed = 1 LIMIT ${IDS_PER_NOTICE + 1}) AS c;
      ELSE
        SELECT count(*), string_agg(id::text, ',') INTO changed, ids
          FROM (SELECT n.id FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
            WHERE (n.listed = 1 OR o.listed = 1) AND ${watched("n")} IS DISTINCT FROM ${watched("o")}
            LIMIT ${IDS_PER_NOTICE + 1}) AS c;
      END IF;
      IF changed > ${IDS_PER_NOTICE} THEN
        PERFORM pg_notify('goods_changes', current_schema() || ' *');
      ELSIF changed > 0 THEN
        PERFORM pg_notify('goods_changes', current_schema() || ' ' || ids);
      END IF;
      RETURN NULL;
    END $$`)
    .execute(db);
  await sql`CREATE TRIGGER goods_change_notice_insert AFTER INSERT ON goods
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION goods_change_notice()`.execute(db);
  await sql`CREATE TRIGGER goods_change_notice_update AFTER UPDATE ON goods
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION goods_change_notice()`.execute(
    db,
  );
  await sql`CREATE TRIGGER goods_change_notice_delete AFTER DELETE ON goods
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION goods_change_notice()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  for (const event of ["insert", "update", "delete"]) {
    await sql.raw(`DROP TRIGGER goods_change_notice_${event} ON goods`).execute(db);
  }
  await sql`DROP FUNCTION goods_change_notice()`.execute(db);
}
