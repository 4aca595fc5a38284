import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.js";

/**
 * SQLite: the log of changed goods (migration 0027) also takes a change of category, as the
 * server now holds each category's listed goods in memory beside the words (word-sets.ts).
 */
export const wordChangesUpdateTrigger = (
  columns: string,
) => sql`CREATE TRIGGER word_changes_update AFTER UPDATE OF ${sql.raw(columns)} ON goods
    WHEN old.listed = 1 OR new.listed = 1 BEGIN
    INSERT INTO word_changes (goods_id) VALUES (new.id);
  END`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  await sql`DROP TRIGGER word_changes_update`.execute(db);
  await wordChangesUpdateTrigger("title, description, listed, category").execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  await sql`DROP TRIGGER word_changes_update`.execute(db);
  await wordChangesUpdateTrigger("title, description, listed").execute(db);
}
