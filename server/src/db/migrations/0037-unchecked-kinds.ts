import type { Kysely } from "kysely";

/**
 * Reconciliation says what it could not compare: the kinds of movement the provider's bill does
 * not list (Alipay's trade bill has no releases), space-separated; empty when it compared them all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("reconciliations")
    .addColumn("unchecked_kinds", "text", (col) => col.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("reconciliations").dropColumn("unchecked_kinds").execute();
}
