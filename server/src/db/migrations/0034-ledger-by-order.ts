import type { Kysely } from "kysely";

/** A seller's 我的收入 sums the ledger's postings of their orders: found by order, not by a scan. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("ledger_transactions_order").on("ledger_transactions").column("order_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("ledger_transactions_order").execute();
}
