import { type Kysely, sql } from "kysely";
import { withIdColumn } from "./helpers.js";

/**
 * Reports of goods, users, comments and chat messages, queued for moderators; and the role that
 * makes a user one. One open report per reporter and target, kept by the database itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("role", "text", (col) => col.notNull().defaultTo("user"))
    .execute();

  await withIdColumn(db, db.schema.createTable("reports"))
    .addColumn("reporter_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    // goods | user | comment | message, and its id.
    .addColumn("target_type", "text", (col) => col.notNull())
    .addColumn("target_id", "integer", (col) => col.notNull())
    // Whose goods, account, comment or message it is: the queue counts reports per person.
    .addColumn("target_user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    // open | resolved | dismissed
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("closed_at", "text")
    .addColumn("closed_by", "integer", (col) => col.references("users.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("reports_one_open")
    .on("reports")
    .columns(["reporter_id", "target_type", "target_id"])
    .unique()
    .where(sql.ref("status"), "=", "open")
    .execute();
  await db.schema.createIndex("reports_queue").on("reports").columns(["status", "id"]).execute();
  await db.schema.createIndex("reports_target").on("reports").columns(["target_type", "target_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("reports").execute();
  await db.schema.alterTable("users").dropColumn("role").execute();
}
