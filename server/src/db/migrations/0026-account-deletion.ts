import { type Kysely, sql } from "kysely";

/**
 * Closed accounts (POST /user/delete): `deleted_at` when the owner closed it, `purged_at` when its
 * username and e-mail were freed, 30 days later. The periodic purge looks only at closed accounts
 * not yet purged: a partial index holds just those. The data download reads a user's comments
 * by their author, a page at a time: comments_user serves it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("deleted_at", "text").execute();
  await db.schema.alterTable("users").addColumn("purged_at", "text").execute();
  await db.schema
    .createIndex("users_awaiting_purge")
    .on("users")
    .column("deleted_at")
    .where(sql.ref("deleted_at"), "is not", null)
    .where(sql.ref("purged_at"), "is", null)
    .execute();
  await db.schema.createIndex("comments_user").on("comments").columns(["user_id", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("comments_user").execute();
  await db.schema.dropIndex("users_awaiting_purge").execute();
  await db.schema.alterTable("users").dropColumn("purged_at").execute();
  await db.schema.alterTable("users").dropColumn("deleted_at").execute();
}
