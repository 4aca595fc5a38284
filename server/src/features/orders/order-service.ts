import {
  CARRIERS,
  type Checkout,
  type CreateOrderBody,
  formatPrice,
  isTakenBy,
  isTrackingNumberOf,
  ORDER_PROCESS,
  type Order,
  type OrderDetail,
  OrderLimits,
  type OrderPage,
  type OrdersQuery,
  type OrderTransition,
  type PickupBody,
  type ShipOrderBody,
} from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { uniqueViolation } from "../../db/errors.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import { pageWindow } from "../../lib/paging.js";
import { randomDigits, randomToken, sameHash } from "../../lib/secrets.js";
import type { Delivery, WithDeliveries } from "../../plugins/realtime.js";
import type { Deps } from "../../services.js";
import { findUserById, toPublicUser } from "../accounts/index.js";
import { addressesOf, findAddressOf } from "../addresses/index.js";
import { holdPair, requireNotBlocked } from "../block-checks/index.js";
import { ensureChat } from "../chat/index.js";
import { type DealRow, reservedDealOfGoods, setOrderOfDeal } from "../deals/index.js";
import { requireGoodsFor, sellerOfGoods } from "../goods/index.js";
import type { NotificationOutbox } from "../notifications/index.js";
import { reserveAtPrice } from "../offers/index.js";
import { coverThumbUrls } from "../pictures/index.js";
import { actionsFor, sideOf, toOrder, toOrderEvent } from "./order-mapper.js";
import { applyMove, type OrderMove, wrongStateError } from "./order-moves.js";
import { afterMove, requestPayment } from "./order-payments.js";
import type { OrderRow } from "./order-repository.js";
import * as repo from "./order-repository.js";
import { timerOf } from "./order-timers.js";

/** The buyer-protection fee on a price, rounded to the fen. */
export function feeOf(priceCents: number, basisPoints: number): number {
  return Math.floor((priceCents * basisPoints + 5000) / 10000);
}

/** The orders of a page with their covers, as the viewer sees them. */
async function ordersAsSeenBy(db: DbOrTx, rows: repo.OrderViewRow[], viewerId: number): Promise<Order[]> {
  const covers = await coverThumbUrls(
    db,
    rows.flatMap((row) => (row.goodsId === null ? [] : [row.goodsId])),
  );
  return rows.map((row) => toOrder(row, viewerId, row.goodsId === null ? null : (covers.get(row.goodsId) ?? null)));
}

async function orderAsSeenBy(db: DbOrTx, orderId: number, viewerId: number): Promise<Order> {
  const view = await repo.orderView(db, orderId);
  if (!view) throw appError("ORDER_NOT_FOUND");
  const [order] = await ordersAsSeenBy(db, [view], viewerId);
  return order as Order;
}

/** An order only its two sides may see or touch: 404 for anyone else, as if it did not exist. */
async function requirePartyOrder(db: DbOrTx, userId: number, orderId: number): Promise<OrderRow> {
  const row = await repo.findOrder(db, orderId);
  if (!row || sideOf(row, userId) === undefined) throw appError("ORDER_NOT_FOUND");
  return row;
}

export async function orderDetail({ db }: Deps<"db">, userId: number, orderId: number): Promise<OrderDetail> {
  await requirePartyOrder(db, userId, orderId);
  const [order, events] = await Promise.all([orderAsSeenBy(db, orderId, userId), repo.eventsOf(db, orderId)]);
  return { ...order, events: events.map(toOrderEvent) };
}

/** An order with its timeline as a moderator weighing a dispute sees it: the parties' views' common part. */
export async function orderDetailSeenBy({ db }: Deps<"db">, orderId: number) {
  const row = await repo.findOrder(db, orderId);
  if (!row) throw appError("ORDER_NOT_FOUND");
  const [order, events] = await Promise.all([orderAsSeenBy(db, orderId, row.sellerId), repo.eventsOf(db, orderId)]);
  const { role: _role, peer: _peer, actions: _actions, pickupCode: _code, payUrl: _payUrl, ...common } = order;
  return { ...common, events: events.map(toOrderEvent) };
}

export async function ordersPage({ db }: Deps<"db">, userId: number, query: OrdersQuery): Promise<OrderPage> {
  const [rows, total] = await Promise.all([
    repo.orderViewsOf(db, userId, query.role, pageWindow(query)),
    repo.countOrdersOf(db, userId, query.role),
  ]);
  return { list: await ordersAsSeenBy(db, rows, userId), total, page: query.page, pageSize: query.pageSize };
}

/** What the buyer would pay for the goods now: the price, or their accepted offer's amount. */
async function priceFor(db: DbOrTx, buyerId: number, goods: { id: number; status: string; priceCents: number }) {
  if (goods.status === "on_sale") return { priceCents: goods.priceCents, deal: undefined };
  const deal = goods.status === "reserved" ? await reservedDealOfGoods(db, goods.id) : undefined;
  if (!deal || deal.buyerId !== buyerId) throw appError("GOODS_NOT_AVAILABLE");
  return { priceCents: deal.priceCents, deal };
}

export async function checkout(
  { db, config }: Deps<"db" | "config">,
  buyerId: number,
  goodsId: number,
): Promise<Checkout> {
  const goods = await requireGoodsFor(db, buyerId, goodsId);
  if (goods.sellerId === buyerId) throw appError("ORDER_OWN_GOODS");
  const { priceCents, deal } = await priceFor(db, buyerId, goods);
  if (deal?.orderId) throw appError("ORDER_WRONG_STATE", "这笔交易已经下单，请在订单中付款");
  const feeCents = feeOf(priceCents, config.payments.buyerFeeBasisPoints);
  const [covers, seller, addresses] = await Promise.all([
    coverThumbUrls(db, [goods.id]),
    findUserById(db, goods.sellerId),
    addressesOf(db, buyerId),
  ]);
  if (!seller) throw appError("GOODS_NOT_FOUND");
  return {
    goods: {
      id: String(goods.id),
      title: goods.title,
      priceCents: goods.priceCents,
      coverUrl: covers.get(goods.id) ?? null,
      status: goods.status as Checkout["goods"]["status"],
    },
    seller: toPublicUser(seller),
    priceCents,
    feeCents,
    totalCents: priceCents + feeCents,
    fromOffer: deal !== undefined,
    addresses,
  };
}

/**
 * The deal the order pays, in the order's transaction: the buyer's own reserved deal (an offer the
 * seller accepted), or a new one at the goods' price (立即购买 reserves the goods for them).
 */
async function dealToPay(
  tx: DbOrTx,
  outbox: NotificationOutbox,
  buyerId: number,
  goods: { id: number; sellerId: number; status: string; priceCents: number },
  now: string,
): Promise<{ deal: DealRow; deliveries: Delivery[] }> {
  const { deal } = await priceFor(tx, buyerId, goods);
  if (deal) return { deal, deliveries: [] };
  const chatId = await ensureChat(tx, buyerId, goods.sellerId, goods.id);
  const reserved = await reserveAtPrice(
    tx,
    outbox,
    { goodsId: goods.id, chatId, buyerId, sellerId: goods.sellerId, amountCents: goods.priceCents },
    now,
  );
  return { deal: reserved.deal, deliveries: reserved.deliveries };
}

/** Xianzhi's number for a payment (the provider's out_trade_no): unguessable, and sortable by day. */
const newPaymentRef = (now: string) => `XZ${now.slice(0, 10).replaceAll("-", "")}${randomToken().slice(0, 16)}`;

/**
 * 立即购买: in one transaction the pair is held and blocks checked (as offers do), the goods
 * locked, the deal found or made (reserving the goods), the amount set by the server, and the
 * order stored with its first event; then the provider is asked for the page to pay on. Of two
 * buyers at the same moment the second finds the goods reserved (GOODS_NOT_AVAILABLE); the same
 * buyer pressing twice gets the one order. A total other than the one the buyer was shown is
 * refused, and nothing is written.
 */
export async function createOrder(
  deps: Deps<"db" | "outbox" | "config" | "payments" | "log">,
  buyerId: number,
  body: CreateOrderBody,
  onPhone: boolean,
): Promise<WithDeliveries<Order>> {
  const { db, outbox, config } = deps;
  const goodsId = Number(body.goodsId);
  const now = nowIso();
  const made = await db
    .transaction()
    .execute(async (tx) => {
      const sellerId = await sellerOfGoods(tx, goodsId);
      if (sellerId !== undefined) await holdPair(tx, buyerId, sellerId);
      const goods = await requireGoodsFor(tx, buyerId, goodsId);
      if (goods.sellerId === buyerId) throw appError("ORDER_OWN_GOODS");
      await requireNotBlocked(tx, buyerId, goods.sellerId);
      const { deal, deliveries } = await dealToPay(tx, outbox, buyerId, goods, now);
      if (deal.orderId !== null) return { orderId: deal.orderId, deliveries, existing: true };
      const address = body.delivery === "shipping" ? await requireAddress(tx, buyerId, body.addressId) : null;
      const feeCents = feeOf(deal.priceCents, config.payments.buyerFeeBasisPoints);
      const totalCents = deal.priceCents + feeCents;
      if (body.amountCents !== undefined && body.amountCents !== totalCents) {
        throw appError("ORDER_AMOUNT_CHANGED", `金额已变为 ${formatPrice(totalCents)}，请确认后再下单`, { totalCents });
      }
      const timer = timerOf(config.orderTimers, "awaiting_payment", {
        delivery: body.delivery,
        createdAt: now,
        paidAt: null,
        shippedAt: null,
        cancelRequestedAt: null,
        extended: 0,
        afterSale: null,
        receivePausedMs: 0,
      });
      const row = await repo.insertOrder(tx, {
        goodsId,
        goodsTitle: goods.title,
        dealId: deal.id,
        chatId: deal.chatId,
        buyerId,
        sellerId: goods.sellerId,
        status: "awaiting_payment",
        priceCents: deal.priceCents,
        feeCents,
        totalCents,
        delivery: body.delivery,
        address: address ? JSON.stringify(address) : null,
        carrier: null,
        trackingNumber: null,
        pickupCode: body.delivery === "meetup" ? randomDigits(OrderLimits.pickupCodeDigits) : null,
        provider: deps.payments.name,
        paymentRef: newPaymentRef(now),
        payUrl: null,
        cancelRequestedAt: null,
        dueAt: timer.dueAt,
        dueTransition: timer.dueTransition,
        remindAt: null,
        closeReason: null,
        settlement: null,
        createdAt: now,
        paidAt: null,
        shippedAt: null,
        completedAt: null,
        closedAt: null,
      });
      await setOrderOfDeal(tx, deal.id, row.id);
      await repo.insertEvent(tx, {
        orderId: row.id,
        transition: "create",
        actor: "buyer",
        status: row.status,
        note: `买家下单，应付 ${formatPrice(totalCents)}`,
        idempotencyKey: `order:${row.id}:create`,
        ledgerTransactionId: null,
        createdAt: now,
      });
      return { orderId: row.id, deliveries, existing: false };
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error) === null) throw error;
      throw appError("GOODS_NOT_AVAILABLE");
    });
  outbox.push();
  const row = await repo.findOrder(db, made.orderId);
  if (row?.status === "awaiting_payment") await requestPayment(deps, row, onPhone);
  return { data: await orderAsSeenBy(db, made.orderId, buyerId), deliveries: made.deliveries };
}

async function requireAddress(tx: DbOrTx, userId: number, addressId: string | undefined) {
  if (addressId === undefined) throw appError("ORDER_ADDRESS_REQUIRED");
  const address = await findAddressOf(tx, userId, Number(addressId));
  if (!address) throw appError("ADDRESS_NOT_FOUND");
  const { recipientName, phone, region, street } = address;
  return { recipientName, phone, region, street };
}

/** The buyer's page to pay on, asked of the provider again if the first time failed. */
export async function payOrder(
  deps: Deps<"db" | "config" | "payments" | "log">,
  userId: number,
  orderId: number,
  onPhone: boolean,
): Promise<Order> {
  const row = await requirePartyOrder(deps.db, userId, orderId);
  if (row.buyerId !== userId) throw appError("NOT_A_PARTY", "只有买家可以付款");
  if (row.status !== "awaiting_payment") throw wrongStateError(row);
  await requestPayment(deps, row, onPhone, true);
  return orderAsSeenBy(deps.db, orderId, userId);
}

/** Steps an open refund request holds until it ends: the receiving time is paused meanwhile. */
const AFTER_SALE_HOLDS = new Set<OrderTransition>(["confirm", "extend", "pickup"]);

/** Refusals worded for the side that tried a step the process does not give it. */
const ONLY_BY: Partial<Record<OrderTransition, string>> = {
  ship: "只有卖家可以发货",
  refund: "只有卖家可以取消已付款的订单",
  pickup: "只有卖家可以输入取件码",
  confirm: "只有买家可以确认收货",
  extend: "只有买家可以延长收货",
  requestCancel: "只有买家可以申请取消",
};

/**
 * The side of the order the user is, if the process lets that side take `transition` now: 404 for
 * a stranger, 403 for the wrong side, ORDER_WRONG_STATE when the order is past it (or the record
 * rules it out: a second extension, a second cancel request).
 */
async function requireStep(db: DbOrTx, userId: number, orderId: number, transition: OrderTransition) {
  const row = await requirePartyOrder(db, userId, orderId);
  const actor = sideOf(row, userId) as "buyer" | "seller";
  if (!isTakenBy(ORDER_PROCESS, transition, actor)) throw appError("NOT_A_PARTY", ONLY_BY[transition]);
  if (!actionsFor(row, actor).includes(transition)) {
    if (transition === "extend" && row.extended) throw appError("ORDER_ALREADY_EXTENDED");
    if (transition === "requestCancel" && row.cancelRequestedAt) throw appError("ORDER_CANCEL_REQUESTED");
    if (AFTER_SALE_HOLDS.has(transition) && row.afterSale === "open") throw appError("ORDER_REFUND_OPEN");
    if (transition === "pickup" && row.status === "shipped" && row.delivery === "meetup")
      throw appError("ORDER_PICKUP_LOCKED");
    throw wrongStateError(row);
  }
  return { row, actor };
}

type StepDeps = Deps<"db" | "outbox" | "config" | "payments" | "log">;

/** Takes a step by hand, then moves the money it owes (after the commit: the provider is outside). */
async function takeStep(
  deps: StepDeps,
  userId: number,
  orderId: number,
  transition: OrderTransition,
  moveOf: (row: OrderRow, actor: "buyer" | "seller") => OrderMove | Promise<OrderMove>,
): Promise<WithDeliveries<Order>> {
  const { row, actor } = await requireStep(deps.db, userId, orderId, transition);
  const moved = await applyMove(deps, row, await moveOf(row, actor));
  await afterMove(deps, moved.row);
  return { data: await orderAsSeenBy(deps.db, orderId, userId), deliveries: moved.deliveries };
}

const other = (row: OrderRow, actor: "buyer" | "seller") => (actor === "buyer" ? row.sellerId : row.buyerId);

export function cancelOrder(deps: StepDeps, userId: number, orderId: number) {
  return takeStep(deps, userId, orderId, "cancel", (row, actor) => ({
    transition: "cancel",
    actor,
    closeReason: actor === "buyer" ? "buyer_cancelled" : "seller_cancelled",
    note: actor === "buyer" ? "买家取消了订单" : "卖家取消了订单",
    notify: [{ userId: other(row, actor), kind: "order_closed" }],
  }));
}

export function requestCancel(deps: StepDeps, userId: number, orderId: number) {
  return takeStep(deps, userId, orderId, "requestCancel", (row) => ({
    transition: "requestCancel",
    actor: "buyer",
    changes: { cancelRequestedAt: nowIso() },
    guard: { noCancelRequest: true },
    note: `买家申请取消订单，卖家 ${deps.config.orderTimers.cancelRequestHours} 小时内未发货将自动退款`,
    notify: [{ userId: row.sellerId, kind: "order_cancel_requested" }],
  }));
}

export function refundOrder(deps: StepDeps, userId: number, orderId: number) {
  return takeStep(deps, userId, orderId, "refund", (row) => ({
    transition: "refund",
    actor: "seller",
    closeReason: row.cancelRequestedAt ? "refunded_on_request" : "seller_cancelled",
    settlement: "refund",
    note: row.cancelRequestedAt ? "卖家同意取消，货款原路退回" : "卖家取消了订单，货款原路退回",
    notify: [{ userId: row.buyerId, kind: "order_closed" }],
  }));
}

export function shipOrder(deps: StepDeps, userId: number, orderId: number, body: ShipOrderBody) {
  return takeStep(deps, userId, orderId, "ship", (row) => {
    const now = nowIso();
    if (row.delivery === "meetup") {
      return {
        transition: "ship",
        actor: "seller",
        changes: { shippedAt: now },
        note: "卖家已准备好面交，见面时请出示取件码",
        notify: [{ userId: row.buyerId, kind: "order_shipped" }],
      };
    }
    const { carrier, trackingNumber } = body;
    if (!carrier || !trackingNumber) throw appError("ORDER_TRACKING_NUMBER", "请选择快递公司并填写运单号");
    if (!isTrackingNumberOf(carrier, trackingNumber)) {
      throw appError("ORDER_TRACKING_NUMBER", `运单号与${CARRIERS[carrier].name}的格式不符，请核对`);
    }
    return {
      transition: "ship",
      actor: "seller",
      changes: { shippedAt: now, carrier, trackingNumber },
      note: `卖家已发货：${CARRIERS[carrier].name} ${trackingNumber}`,
      notify: [{ userId: row.buyerId, kind: "order_shipped" }],
    };
  });
}

export function extendOrder(deps: StepDeps, userId: number, orderId: number) {
  return takeStep(deps, userId, orderId, "extend", (row) => ({
    transition: "extend",
    actor: "buyer",
    changes: { extended: 1 },
    guard: { notExtended: true, noOpenRefund: true },
    note: `买家延长收货 ${deps.config.orderTimers.extendDays} 天`,
    notify: [{ userId: row.sellerId, kind: "order_extended" }],
  }));
}

export function confirmOrder(deps: StepDeps, userId: number, orderId: number) {
  return takeStep(deps, userId, orderId, "confirm", (row) => ({
    transition: "confirm",
    actor: "buyer",
    changes: { completedAt: nowIso() },
    guard: { noOpenRefund: true },
    settlement: "release",
    note: "买家确认收货，交易成功",
    notify: [{ userId: row.sellerId, kind: "order_completed" }],
  }));
}

/**
 * 面交: the seller enters the code the buyer shows. A wrong code counts against the order's tries
 * (counted by a conditional update, so tries at the same moment each count); past them the order
 * takes no more codes and the buyer confirms receipt themselves.
 */
export function pickupOrder(deps: StepDeps, userId: number, orderId: number, body: PickupBody) {
  return takeStep(deps, userId, orderId, "pickup", async (row) => {
    if (!row.pickupCode || !sameHash(body.code, row.pickupCode)) {
      const counted = await deps.db
        .updateTable("orders")
        .set((eb) => ({ pickupFailures: eb("pickupFailures", "+", 1) }))
        .where("id", "=", row.id)
        .where("pickupFailures", "<", OrderLimits.pickupCodeTries)
        .returning("pickupFailures")
        .executeTakeFirst();
      const left = OrderLimits.pickupCodeTries - (counted?.pickupFailures ?? OrderLimits.pickupCodeTries);
      if (left <= 0) throw appError("ORDER_PICKUP_LOCKED");
      throw appError("ORDER_PICKUP_CODE_WRONG", `取件码不正确，还可以再试 ${left} 次`);
    }
    return {
      transition: "pickup",
      actor: "seller",
      changes: { completedAt: nowIso() },
      guard: { noOpenRefund: true },
      settlement: "release",
      note: "卖家核对取件码，面交完成，交易成功",
      notify: [{ userId: row.buyerId, kind: "order_completed" }],
    };
  });
}
