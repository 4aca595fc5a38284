import type { Kysely } from "kysely";
import { withIdColumn } from "./helpers.js";

/**
 * After-sale refunds (features/refunds): one request per order at most, what each side said with
 * its photos, and on the order where its receiving timer stands while a request is open.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("refunds"))
    // One request per order: two made at once, one fails here.
    .addColumn("order_id", "integer", (col) => col.notNull().unique().references("orders.id"))
    .addColumn("buyer_id", "integer", (col) => col.notNull())
    .addColumn("seller_id", "integer", (col) => col.notNull())
    // refund_only | return
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("amount_cents", "integer", (col) => col.notNull())
    .addColumn("offered_cents", "integer")
    .addColumn("refund_cents", "integer")
    // JSON (OrderAddress): where a return goes.
    .addColumn("return_address", "text")
    .addColumn("return_carrier", "text")
    .addColumn("return_tracking_number", "text")
    .addColumn("due_at", "text")
    .addColumn("due_transition", "text")
    .addColumn("ruling", "text")
    .addColumn("ruling_reason", "text")
    .addColumn("ruled_by", "integer")
    .addColumn("ruled_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("disputed_at", "text")
    .addColumn("ended_at", "text")
    .execute();
  await db.schema.createIndex("refunds_due").on("refunds").columns(["due_at"]).execute();
  await db.schema.createIndex("refunds_disputed").on("refunds").columns(["status", "disputed_at"]).execute();
  await db.schema.createIndex("refunds_buyer").on("refunds").columns(["buyer_id"]).execute();
  await db.schema.createIndex("refunds_seller").on("refunds").columns(["seller_id"]).execute();
  await withIdColumn(db, db.schema.createTable("refund_words"))
    .addColumn("refund_id", "integer", (col) => col.notNull().references("refunds.id"))
    // buyer | seller
    .addColumn("side", "text", (col) => col.notNull())
    // request | refusal | return_rejected | statement
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    // JSON array of the uploads' file ids, in order.
    .addColumn("file_ids", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  // One statement per side: two sent at once, one fails here.
  await db.schema
    .createIndex("refund_words_one_statement")
    .on("refund_words")
    .columns(["refund_id", "side", "kind"])
    .unique()
    .execute();
  await db.schema
    .createTable("refund_pictures")
    .addColumn("file_id", "text", (col) => col.primaryKey())
    .addColumn("refund_id", "integer", (col) => col.notNull().references("refunds.id"))
    .execute();
  // open while a request is, ended after: the receiving timer pauses while open.
  await db.schema.alterTable("orders").addColumn("after_sale", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("receive_paused_ms", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  // What an after-sale refund gives back: all that was paid, or part (the rest is released).
  await db.schema.alterTable("orders").addColumn("refund_cents", "integer").execute();
  // Money owed at the provider is retried with backoff: how often it failed, and when to try next.
  await db.schema
    .alterTable("orders")
    .addColumn("settle_attempts", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("orders").addColumn("settle_after", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("settle_after").execute();
  await db.schema.alterTable("orders").dropColumn("settle_attempts").execute();
  await db.schema.alterTable("orders").dropColumn("refund_cents").execute();
  await db.schema.alterTable("orders").dropColumn("receive_paused_ms").execute();
  await db.schema.alterTable("orders").dropColumn("after_sale").execute();
  await db.schema.dropTable("refund_pictures").execute();
  await db.schema.dropTable("refund_words").execute();
  await db.schema.dropTable("refunds").execute();
}
