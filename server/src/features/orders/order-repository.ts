import type { OrderRole, OrderStatus } from "@xianzhi/contract";
import type { Insertable, Selectable, Updateable } from "kysely";
import { type DbOrTx, dialectOf } from "../../db/database.js";
import type { OrderEventsTable, OrdersTable } from "../../db/schema.js";

export type OrderRow = Selectable<OrdersTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;

export function insertOrder(db: DbOrTx, order: Insertable<OrdersTable>): Promise<OrderRow> {
  return db.insertInto("orders").values(order).returningAll().executeTakeFirstOrThrow();
}

export function findOrder(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The order of a payment, locked on PostgreSQL until the caller's transaction ends. */
export function lockOrderByPaymentRef(tx: DbOrTx, paymentRef: string): Promise<OrderRow | undefined> {
  const query = tx.selectFrom("orders").selectAll().where("paymentRef", "=", paymentRef);
  return (dialectOf(tx) === "postgres" ? query.forUpdate() : query).executeTakeFirst();
}

export function orderOfPayment(db: DbOrTx, paymentRef: string): Promise<OrderRow | undefined> {
  return db.selectFrom("orders").selectAll().where("paymentRef", "=", paymentRef).executeTakeFirst();
}

export function orderOfDeal(db: DbOrTx, dealId: number): Promise<OrderRow | undefined> {
  return db.selectFrom("orders").selectAll().where("dealId", "=", dealId).executeTakeFirst();
}

/**
 * Moves an order on if it is still in one of the states `from` (and `guard` still holds): answers
 * it when it changed. Of two moves at the same moment (a webhook and a timer, a cancel and a
 * payment) only one finds it where it was; on PostgreSQL the other waits for the row and then
 * finds it moved.
 */
export function moveOrder(
  db: DbOrTx,
  id: number,
  from: readonly OrderStatus[],
  changes: Updateable<OrdersTable>,
  guard: Partial<Pick<OrderRow, "dueTransition" | "settlement">> & {
    dueBy?: string;
    notExtended?: true;
    noCancelRequest?: true;
    noOpenRefund?: true;
    /** No refund request was ever made, and the receiving time still runs: a request may start. */
    refundableAt?: string;
  } = {},
): Promise<OrderRow | undefined> {
  let query = db.updateTable("orders").set(changes).where("id", "=", id).where("status", "in", from);
  if (guard.dueTransition !== undefined) query = query.where("dueTransition", "=", guard.dueTransition);
  if (guard.dueBy !== undefined) query = query.where("dueAt", "<=", guard.dueBy);
  if (guard.notExtended) query = query.where("extended", "=", 0);
  if (guard.noCancelRequest) query = query.where("cancelRequestedAt", "is", null);
  if (guard.refundableAt !== undefined)
    query = query.where("afterSale", "is", null).where("dueAt", ">", guard.refundableAt);
  if (guard.noOpenRefund)
    query = query.where((eb) => eb.or([eb("afterSale", "is", null), eb("afterSale", "!=", "open")]));
  return query.returningAll().executeTakeFirst();
}

export function updateOrder(db: DbOrTx, id: number, changes: Updateable<OrdersTable>): Promise<OrderRow | undefined> {
  return db.updateTable("orders").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
}

export async function insertEvent(db: DbOrTx, event: Insertable<OrderEventsTable>): Promise<void> {
  await db.insertInto("orderEvents").values(event).execute();
}

export function eventsOf(db: DbOrTx, orderId: number): Promise<OrderEventRow[]> {
  return db.selectFrom("orderEvents").selectAll().where("orderId", "=", orderId).orderBy("id").execute();
}

const sideColumn = (role: OrderRole) => (role === "buyer" ? "orders.buyerId" : "orders.sellerId");

/** Orders with their goods as they are now, both sides' public names and the refund request: what a list or page shows. */
export function selectOrderViews(db: DbOrTx) {
  return db
    .selectFrom("orders")
    .innerJoin("users as buyer", "buyer.id", "orders.buyerId")
    .innerJoin("users as seller", "seller.id", "orders.sellerId")
    .leftJoin("goods", "goods.id", "orders.goodsId")
    .leftJoin("refunds", "refunds.orderId", "orders.id")
    .selectAll("orders")
    .select([
      "buyer.username as buyerUsername",
      "buyer.nickname as buyerNickname",
      "buyer.avatarUrl as buyerAvatarUrl",
      "seller.username as sellerUsername",
      "seller.nickname as sellerNickname",
      "seller.avatarUrl as sellerAvatarUrl",
      "goods.title as currentTitle",
      "goods.priceCents as currentPriceCents",
      "goods.status as goodsStatus",
      "refunds.id as refundId",
      "refunds.status as refundStatus",
      "refunds.kind as refundKind",
      "refunds.amountCents as refundAmountCents",
    ]);
}
export type OrderViewRow = Awaited<ReturnType<ReturnType<typeof selectOrderViews>["execute"]>>[number];

export function orderView(db: DbOrTx, id: number): Promise<OrderViewRow | undefined> {
  return selectOrderViews(db).where("orders.id", "=", id).executeTakeFirst();
}

export function orderViewsOf(db: DbOrTx, userId: number, role: OrderRole, window: { limit: number; offset: number }) {
  return selectOrderViews(db)
    .where(sideColumn(role), "=", userId)
    .orderBy("orders.id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countOrdersOf(db: DbOrTx, userId: number, role: OrderRole): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where(sideColumn(role), "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Orders whose timer is due, oldest deadline first. */
export function dueOrders(db: DbOrTx, now: string, limit: number) {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("dueAt", "is not", null)
    .where("dueAt", "<=", now)
    .orderBy("dueAt")
    .limit(limit)
    .execute();
}

/** Takes the reminders that are due, each once however many processes ask at once. */
export function takeDueReminders(db: DbOrTx, now: string): Promise<OrderRow[]> {
  return db
    .updateTable("orders")
    .set({ remindAt: null })
    .where("remindAt", "is not", null)
    .where("remindAt", "<=", now)
    .where("status", "in", ["paid", "shipped"])
    .returningAll()
    .execute();
}

/** Orders with money still to move at the provider whose next try is due, and retries left. */
export function unsettledOrders(db: DbOrTx, now: string, maxAttempts: number, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("settlement", "is not", null)
    .where("settleAttempts", "<", maxAttempts)
    .where((eb) => eb.or([eb("settleAfter", "is", null), eb("settleAfter", "<=", now)]))
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Orders whose money the provider failed to move as often as it is tried: for a moderator. */
export function failedSettlements(db: DbOrTx, maxAttempts: number, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("settlement", "is not", null)
    .where("settleAttempts", ">=", maxAttempts)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** How many orders failedSettlements would list, however many: /metrics. */
export async function failedSettlementTotal(db: DbOrTx, maxAttempts: number): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .where("settlement", "is not", null)
    .where("settleAttempts", ">=", maxAttempts)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Unpaid orders made before `before`: their payments are asked after, in case a webhook never came. */
export function unpaidOrdersBefore(db: DbOrTx, before: string, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("status", "=", "awaiting_payment")
    .where("createdAt", "<=", before)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** What the provider should hold for each order: paid and not yet released or refunded. */
export async function expectedHeld(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("orders")
    .select(["id", "totalCents"])
    .where((eb) => eb.or([eb("status", "in", ["paid", "shipped"]), eb("settlement", "is not", null)]))
    .execute();
  return new Map(rows.map((row) => [row.id, row.totalCents]));
}

/** A seller's protected sales: completed, and cancelled by them after payment (their cancel rate). */
export async function protectedSalesOf(db: DbOrTx, sellerId: number) {
  const rows = await db
    .selectFrom("orders")
    .select(["status", "closeReason"])
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("sellerId", "=", sellerId)
    .where("paidAt", "is not", null)
    .groupBy(["status", "closeReason"])
    .execute();
  const count = (match: (row: (typeof rows)[number]) => boolean) =>
    rows.filter(match).reduce((total, row) => total + Number(row.n), 0);
  return {
    paid: count(() => true),
    completed: count((row) => row.status === "completed"),
    sellerCancelled: count((row) => row.closeReason === "seller_cancelled" || row.closeReason === "not_shipped"),
  };
}
