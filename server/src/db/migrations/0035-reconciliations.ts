import type { Kysely } from "kysely";
import { withIdColumn } from "./helpers.js";

/**
 * Reconciliation (features/reconciliation): a row per Beijing day compared with the payment
 * provider's bill, written by the first run that claims the day, and what did not match.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("reconciliations")
    // YYYY-MM-DD, Beijing time, as the provider's bills are cut.
    .addColumn("day", "text", (col) => col.primaryKey())
    .addColumn("provider", "text", (col) => col.notNull())
    // done | no_statement (the provider offers none here)
    .addColumn("outcome", "text", (col) => col.notNull())
    .addColumn("matched", "integer", (col) => col.notNull())
    .addColumn("mismatched", "integer", (col) => col.notNull())
    .addColumn("ran_at", "text", (col) => col.notNull())
    .execute();
  await withIdColumn(db, db.schema.createTable("reconciliation_mismatches"))
    .addColumn("day", "text", (col) => col.notNull().references("reconciliations.day").onDelete("cascade"))
    // pay | refund | release
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("payment_ref", "text", (col) => col.notNull())
    // missing_in_ledger | missing_at_provider | amount_differs
    .addColumn("problem", "text", (col) => col.notNull())
    .addColumn("ledger_cents", "integer")
    .addColumn("provider_cents", "integer")
    .execute();
  await db.schema
    .createIndex("reconciliation_mismatches_day")
    .on("reconciliation_mismatches")
    .columns(["day", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("reconciliation_mismatches").execute();
  await db.schema.dropTable("reconciliations").execute();
}
