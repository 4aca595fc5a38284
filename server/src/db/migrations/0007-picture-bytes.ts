import { type Kysely, sql } from "kysely";

/**
 * What each picture takes on disk (web size and thumbnail), summed for the per-user storage quota.
 * Pictures stored before this migration get an estimate from their size in pixels: a quarter of a
 * byte per pixel is what a photo re-encoded to WebP at quality 82 takes, thumbnail included,
 * rounded up (a 1280x960 photo: 307 KB).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("pictures")
    .addColumn("bytes", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE pictures SET bytes = (width * height) / 4`.execute(db);
  await db.schema.createIndex("pictures_owner").on("pictures").column("owner_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("pictures_owner").execute();
  await db.schema.alterTable("pictures").dropColumn("bytes").execute();
}
