import type { Kysely } from "kysely";

/**
 * When the provider last failed to move an order's owed money: what a moderator reads of a failed
 * settlement (settle_after says when the next try is due, and none is once retries run out).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("settle_tried_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("settle_tried_at").execute();
}
