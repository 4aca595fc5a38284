import { type Kysely, sql } from "kysely";

/**
 * The price goods had when they were made a favourite: a favourites list and a feed's cards tell
 * "降价 ¥X", how much cheaper the goods are now than when the user kept them (as Xianyu's
 * "比收藏时降价"). Favourites kept before this get the goods' price of today, so none shows a drop
 * it never had. Only INSERT and DELETE on favorites fire the count triggers (0013): this UPDATE
 * leaves every count as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("favorites")
    .addColumn("favorited_price_cents", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE favorites SET favorited_price_cents =
    (SELECT goods.price_cents FROM goods WHERE goods.id = favorites.goods_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("favorites").dropColumn("favorited_price_cents").execute();
}
