import type { Kysely } from "kysely";

/**
 * The audit log's lines of one target, newest first: an action says which line it was decided
 * after (the console's `seenActionId`), and is refused when another has been written since.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("moderation_log_target")
    .on("moderation_log")
    .columns(["target_type", "target_id", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("moderation_log_target").execute();
}
