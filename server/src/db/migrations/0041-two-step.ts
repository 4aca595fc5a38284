import type { Kysely } from "kysely";
import { withIdColumn } from "./helpers.js";

/**
 * 两步验证: an account's TOTP secret (in use once a first code confirmed it), its one-time
 * recovery codes (hashed), and the tickets a right password hands out for the second step.
 * The failure count and the lock live on the secret's row, so every process sees them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("two_step_secrets")
    .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    // Null while set up but not confirmed: sign-in does not ask for it yet.
    .addColumn("enabled_at", "text")
    // The time step of the last code accepted: a code is accepted once, and no older one after it.
    .addColumn("last_step", "integer")
    .addColumn("failures", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("locked_until", "text")
    .execute();

  await withIdColumn(db, db.schema.createTable("two_step_recovery_codes"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("two_step_recovery_codes_user")
    .on("two_step_recovery_codes")
    .columns(["user_id", "code_hash"])
    .execute();

  await db.schema
    .createTable("two_step_tickets")
    .addColumn("ticket_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("two_step_tickets_expires_at").on("two_step_tickets").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["two_step_tickets", "two_step_recovery_codes", "two_step_secrets"]) {
    await db.schema.dropTable(table).execute();
  }
}
