import { type Kysely, sql } from "kysely";
import { withIdColumn } from "./helpers.js";

/** The states an order holds the goods in: the database keeps one such order per goods. */
const LIVE = sql<boolean>`status IN ('awaiting_payment', 'paid', 'shipped')`;

/**
 * Protected orders (担保交易): the address book, orders and their events, the double-entry ledger
 * that mirrors what the payment provider holds, the webhook events already taken (by their id),
 * and the sandbox provider's own books (its payments and the webhooks it owes). The database keeps
 * what two requests at the same moment could break: one live order per goods and one per deal,
 * one ledger transaction per idempotency key, one event per key, one taken webhook per event id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("addresses"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("recipient_name", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("region", "text", (col) => col.notNull())
    .addColumn("street", "text", (col) => col.notNull())
    .addColumn("is_default", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("addresses_user").on("addresses").columns(["user_id", "id"]).execute();

  await withIdColumn(db, db.schema.createTable("orders"))
    // Null once the goods are deleted: the order stays, with the title kept here.
    .addColumn("goods_id", "integer", (col) => col.references("goods.id").onDelete("set null"))
    .addColumn("goods_title", "text", (col) => col.notNull())
    .addColumn("deal_id", "integer", (col) => col.notNull().references("deals.id").onDelete("cascade"))
    .addColumn("chat_id", "integer", (col) => col.references("chats.id").onDelete("set null"))
    .addColumn("buyer_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("seller_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    // awaiting_payment | paid | shipped | completed | closed (ORDER_PROCESS)
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("price_cents", "integer", (col) => col.notNull())
    .addColumn("fee_cents", "integer", (col) => col.notNull())
    .addColumn("total_cents", "integer", (col) => col.notNull())
    // shipping | meetup
    .addColumn("delivery", "text", (col) => col.notNull())
    // The address book entry as it was at checkout (JSON), null for 面交.
    .addColumn("address", "text")
    .addColumn("carrier", "text")
    .addColumn("tracking_number", "text")
    .addColumn("pickup_code", "text")
    .addColumn("pickup_failures", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("provider", "text", (col) => col.notNull())
    // The payment's number at the provider (out_trade_no), made by us: unique.
    .addColumn("payment_ref", "text", (col) => col.notNull().unique())
    .addColumn("pay_url", "text")
    .addColumn("cancel_requested_at", "text")
    .addColumn("extended", "integer", (col) => col.notNull().defaultTo(0))
    // The running timer: when it fires and which transition it takes; null in a final state.
    .addColumn("due_at", "text")
    .addColumn("due_transition", "text")
    // The running timer's reminder, null once sent or when there is none.
    .addColumn("remind_at", "text")
    .addColumn("close_reason", "text")
    // What is still owed at the provider after the order's state changed: release | refund, null
    // when nothing is; a chore retries it until the provider has done it.
    .addColumn("settlement", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("paid_at", "text")
    .addColumn("shipped_at", "text")
    .addColumn("completed_at", "text")
    .addColumn("closed_at", "text")
    .execute();
  await db.schema.createIndex("orders_one_live").on("orders").column("goods_id").unique().where(LIVE).execute();
  await db.schema.createIndex("orders_deal").on("orders").column("deal_id").unique().execute();
  await db.schema.createIndex("orders_buyer").on("orders").columns(["buyer_id", "id"]).execute();
  await db.schema.createIndex("orders_seller").on("orders").columns(["seller_id", "id"]).execute();
  await db.schema
    .createIndex("orders_due")
    .on("orders")
    .column("due_at")
    .where(sql.ref("due_at"), "is not", null)
    .execute();
  await db.schema
    .createIndex("orders_remind")
    .on("orders")
    .column("remind_at")
    .where(sql.ref("remind_at"), "is not", null)
    .execute();
  await db.schema
    .createIndex("orders_settlement")
    .on("orders")
    .column("id")
    .where(sql.ref("settlement"), "is not", null)
    .execute();

  await withIdColumn(db, db.schema.createTable("order_events"))
    .addColumn("order_id", "integer", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    // create, or a transition of ORDER_PROCESS
    .addColumn("transition", "text", (col) => col.notNull())
    // buyer | seller | timer | system
    .addColumn("actor", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("note", "text", (col) => col.notNull())
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .addColumn("ledger_transaction_id", "integer")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("order_events_order").on("order_events").columns(["order_id", "id"]).execute();

  await withIdColumn(db, db.schema.createTable("ledger_transactions"))
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    // pay | release | refund
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("order_id", "integer")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await withIdColumn(db, db.schema.createTable("ledger_postings"))
    .addColumn("transaction_id", "integer", (col) => col.notNull().references("ledger_transactions.id"))
    .addColumn("account", "text", (col) => col.notNull())
    // Signed fen: a transaction's postings sum to zero.
    .addColumn("amount_cents", "integer", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("ledger_postings_transaction").on("ledger_postings").column("transaction_id").execute();
  await db.schema.createIndex("ledger_postings_account").on("ledger_postings").column("account").execute();

  await withIdColumn(db, db.schema.createTable("payment_webhook_events"))
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("event_id", "text", (col) => col.notNull())
    .addColumn("payment_ref", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("received_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("payment_webhook_events_once")
    .on("payment_webhook_events")
    .columns(["provider", "event_id"])
    .unique()
    .execute();

  // The sandbox provider's books: what a real provider keeps on its side.
  await db.schema
    .createTable("sandbox_payments")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("merchant_ref", "text", (col) => col.notNull().unique())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("amount_cents", "integer", (col) => col.notNull())
    // pending | succeeded | failed | closed
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("held_cents", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("refunded_cents", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("released_cents", "integer", (col) => col.notNull().defaultTo(0))
    // normal | declined | no_webhook | refund_fails_once | duplicate | out_of_order
    .addColumn("mode", "text", (col) => col.notNull())
    .addColumn("refund_failures", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("return_url", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("paid_at", "text")
    .execute();
  await db.schema
    .createTable("sandbox_operations")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("payment_id", "text", (col) => col.notNull())
    // refund | release
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("amount_cents", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await withIdColumn(db, db.schema.createTable("sandbox_webhooks"))
    .addColumn("payment_id", "text", (col) => col.notNull())
    .addColumn("event_id", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("due_at", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("delivered_at", "text")
    .addColumn("last_error", "text")
    .execute();
  await db.schema
    .createIndex("sandbox_webhooks_due")
    .on("sandbox_webhooks")
    .column("due_at")
    .where(sql.ref("delivered_at"), "is", null)
    .execute();

  await db.schema.alterTable("notifications").addColumn("order_id", "integer").execute();
  await db.schema.alterTable("deals").addColumn("order_id", "integer").execute();
  // Where a seller is paid when the provider pays to their own account (Alipay): null until set.
  await db.schema.alterTable("users").addColumn("payout_account", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("notifications").dropColumn("order_id").execute();
  await db.schema.alterTable("deals").dropColumn("order_id").execute();
  await db.schema.alterTable("users").dropColumn("payout_account").execute();
  for (const table of [
    "sandbox_webhooks",
    "sandbox_operations",
    "sandbox_payments",
    "payment_webhook_events",
    "ledger_postings",
    "ledger_transactions",
    "order_events",
    "orders",
    "addresses",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
