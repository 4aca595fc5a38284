import { type Kysely, sql } from "kysely";
import { withIdColumn } from "./helpers.js";

/**
 * The trade loop: offers made in chat, the deals accepted offers start, and the reviews both sides
 * write after a completed deal. The database itself keeps the rules two people pressing at the same
 * moment could break: one open offer per buyer and goods, one reserved deal per goods, one review
 * per deal and reviewer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("offers"))
    .addColumn("goods_id", "integer", (col) => col.notNull().references("goods.id").onDelete("cascade"))
    .addColumn("chat_id", "integer", (col) => col.notNull().references("chats.id").onDelete("cascade"))
    .addColumn("buyer_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("seller_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("from_user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("amount_cents", "integer", (col) => col.notNull())
    // open | accepted | declined | countered | withdrawn | expired; an open offer past expires_at
    // reads as expired before a sweep writes it.
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("replaces_id", "integer")
    .addColumn("deal_id", "integer")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("decided_at", "text")
    // When the side it was made to was told it has two hours left.
    .addColumn("reminded_at", "text")
    .execute();
  await db.schema.createIndex("offers_chat").on("offers").columns(["chat_id", "id"]).execute();
  await db.schema
    .createIndex("offers_one_open")
    .on("offers")
    .columns(["goods_id", "buyer_id"])
    .unique()
    .where(sql.ref("status"), "=", "open")
    .execute();
  await db.schema
    .createIndex("offers_open_expiry")
    .on("offers")
    .column("expires_at")
    .where(sql.ref("status"), "=", "open")
    .execute();

  await withIdColumn(db, db.schema.createTable("deals"))
    // Null once the goods are deleted: the deal and its reviews stay, with the title kept here.
    .addColumn("goods_id", "integer", (col) => col.references("goods.id").onDelete("set null"))
    .addColumn("goods_title", "text", (col) => col.notNull())
    .addColumn("chat_id", "integer", (col) => col.references("chats.id").onDelete("set null"))
    .addColumn("offer_id", "integer", (col) => col.notNull())
    .addColumn("buyer_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("seller_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("price_cents", "integer", (col) => col.notNull())
    // reserved | completed | cancelled
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("completed_at", "text")
    .addColumn("cancelled_at", "text")
    .addColumn("cancelled_by", "integer")
    .execute();
  await db.schema
    .createIndex("deals_one_reserved")
    .on("deals")
    .column("goods_id")
    .unique()
    .where(sql.ref("status"), "=", "reserved")
    .execute();
  await db.schema.createIndex("deals_buyer").on("deals").columns(["buyer_id", "id"]).execute();
  await db.schema.createIndex("deals_seller").on("deals").columns(["seller_id", "id"]).execute();
  await db.schema.createIndex("deals_chat").on("deals").columns(["chat_id", "id"]).execute();

  await withIdColumn(db, db.schema.createTable("reviews"))
    .addColumn("deal_id", "integer", (col) => col.notNull().references("deals.id").onDelete("cascade"))
    .addColumn("reviewer_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reviewee_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    // buyer | seller: the reviewee's side of the deal.
    .addColumn("reviewee_role", "text", (col) => col.notNull())
    .addColumn("rating", "integer", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    // When it may be shown: the end of the review window, brought forward to the moment the other
    // side writes theirs (so neither reads the other's review before writing their own).
    .addColumn("visible_from", "text", (col) => col.notNull())
    .addUniqueConstraint("reviews_one_per_side", ["deal_id", "reviewer_id"])
    .execute();
  await db.schema.createIndex("reviews_reviewee").on("reviews").columns(["reviewee_id", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["reviews", "deals", "offers"]) await db.schema.dropTable(table).execute();
}
