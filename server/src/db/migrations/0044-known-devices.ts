import type { Kysely } from "kysely";
import { withIdColumn } from "./helpers.js";

/**
 * 新设备登录提醒: the devices each account has signed in from (named by a long-lived cookie's hash,
 * or for clients that keep no cookies by their User-Agent and network), and the one-use links of
 * the alerts sent for a new one, which end that session and start a password reset.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("known_devices"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("device_hash", "text", (col) => col.notNull())
    .addColumn("user_agent", "text", (col) => col.notNull())
    // The address with its last part hidden (203.0.113.*): a home's or an office's network.
    .addColumn("network", "text", (col) => col.notNull())
    .addColumn("first_seen_at", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("known_devices_user").on("known_devices").columns(["user_id", "device_hash"]).execute();

  await db.schema
    .createTable("device_alerts")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    // The session the alert is about; it may have ended since.
    .addColumn("session_id", "integer", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("device_alerts_expires_at").on("device_alerts").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("device_alerts").execute();
  await db.schema.dropTable("known_devices").execute();
}
