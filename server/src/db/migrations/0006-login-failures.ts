import type { Kysely } from "kysely";
import { withIdColumn } from "./helpers.js";

/** Failed sign-ins, kept for the throttle's window so that guessing passwords is slow. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("login_failures"))
    .addColumn("account_key", "text", (col) => col.notNull())
    .addColumn("ip", "text", (col) => col.notNull())
    .addColumn("failed_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("login_failures_account_ip")
    .on("login_failures")
    .columns(["account_key", "ip", "failed_at"])
    .execute();
  await db.schema.createIndex("login_failures_ip").on("login_failures").columns(["ip", "failed_at"]).execute();
  await db.schema.createIndex("login_failures_failed_at").on("login_failures").column("failed_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_failures").execute();
}
