import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.js";
import { wordChangesUpdateTrigger } from "./0030-word-changes-category.js";

/**
 * SQLite: the log of changed goods (migrations 0027, 0030) also takes a change of price,
 * favourite count, condition or place: the server now holds searches' matches with their prices
 * and favourite counts (features/goods/match-sets.ts), and a filter by price, condition or city
 * decides which goods are among them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  await sql`DROP TRIGGER word_changes_update`.execute(db);
  await wordChangesUpdateTrigger(
    "title, description, listed, category, price_cents, fav_count, condition, location",
  ).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  await sql`DROP TRIGGER word_changes_update`.execute(db);
  await wordChangesUpdateTrigger("title, description, listed, category").execute(db);
}
