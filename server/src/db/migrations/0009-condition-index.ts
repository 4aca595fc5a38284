import type { Kysely } from "kysely";

/**
 * The condition filter: a list page or its total narrowed to one or several conditions reads this
 * index rather than every listed row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("goods_list_condition").on("goods").columns(["listed", "condition", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("goods_list_condition").execute();
}
