import type { Kysely } from "kysely";

/**
 * A user's favourites, newest first, read off one index: it holds the whole order (time, then goods
 * id) and the goods id itself, so a page deep in a long list walks index entries only instead of
 * sorting the user's rows and visiting each. Replaces the index on (user_id, created_at).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("favorites_user_newest")
    .on("favorites")
    .columns(["user_id", "created_at", "goods_id"])
    .execute();
  await db.schema.dropIndex("favorites_user_time").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("favorites_user_time").on("favorites").columns(["user_id", "created_at"]).execute();
  await db.schema.dropIndex("favorites_user_newest").execute();
}
