import type { Kysely } from "kysely";

/**
 * A seller's page: its 在售 and 已售 tabs are pages of the seller's goods, listed or not, newest
 * first, read off this index and stopped after the page; their counts are ranges of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("goods_seller_listed").on("goods").columns(["seller_id", "listed", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("goods_seller_listed").execute();
}
