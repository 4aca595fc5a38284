import { type Kysely, sql } from "kysely";
import { withIdColumn } from "./helpers.js";

/**
 * The notification centre: one row per thing a user is told of, written in the same transaction as
 * what caused it, so none is lost or doubled; and each user's settings (groups turned off, the daily
 * e-mail digest).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("notifications"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("actor_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("goods_id", "integer", (col) => col.references("goods.id").onDelete("set null"))
    .addColumn("chat_id", "integer", (col) => col.references("chats.id").onDelete("set null"))
    .addColumn("deal_id", "integer", (col) => col.references("deals.id").onDelete("set null"))
    .addColumn("saved_search_id", "integer")
    .addColumn("amount_cents", "integer")
    .addColumn("excerpt", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("read_at", "text")
    .execute();
  await db.schema.createIndex("notifications_user").on("notifications").columns(["user_id", "id"]).execute();
  // The bell's count reads only the unread ones.
  await db.schema
    .createIndex("notifications_unread")
    .on("notifications")
    .column("user_id")
    .where(sql.ref("read_at"), "is", null)
    .execute();
  await db.schema.createIndex("notifications_created").on("notifications").column("created_at").execute();

  await db.schema
    .createTable("notification_settings")
    .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    // Comma-separated NOTIFICATION_GROUPS keys the user turned off.
    .addColumn("muted_groups", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("email_digest", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("digest_sent_at", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["notification_settings", "notifications"]) await db.schema.dropTable(table).execute();
}
