import type { Kysely } from "kysely";
import { withIdColumn } from "./helpers.js";

/**
 * Web Push (推送通知): one row per subscribed device, and the push kinds each user switched off.
 * A subscription belongs to the session that made it: signing out (the session's row deleted)
 * removes it, so a shared device stops getting the pushes of whoever signed out of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("push_subscriptions"))
    .addColumn("endpoint", "text", (col) => col.notNull().unique())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("session_id", "integer", (col) => col.notNull().references("sessions.id").onDelete("cascade"))
    // The subscription's public key (P-256, base64url) and its auth secret: what a push is encrypted to.
    .addColumn("p256dh", "text", (col) => col.notNull())
    .addColumn("auth", "text", (col) => col.notNull())
    // A short name of the browser, from the User-Agent that subscribed (Chrome · Android).
    .addColumn("user_agent", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("created_at", "text", (col) => col.notNull())
    // When the push service last took a push for it; null: none yet.
    .addColumn("last_success_at", "text")
    .execute();
  await db.schema.createIndex("push_subscriptions_user").on("push_subscriptions").column("user_id").execute();
  await db.schema.createIndex("push_subscriptions_session").on("push_subscriptions").column("session_id").execute();

  // Comma-separated PUSH_KINDS keys the user switched off, beside the centre's muted groups.
  await db.schema
    .alterTable("notification_settings")
    .addColumn("push_muted", "text", (col) => col.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("notification_settings").dropColumn("push_muted").execute();
  await db.schema.dropTable("push_subscriptions").execute();
}
