import {
  CLOSE_REASONS,
  type CloseReason,
  type NotificationKind,
  ORDER_PROCESS,
  ORDER_STATUSES,
  type OrderStatus,
  type OrderTransition,
} from "@xianzhi/contract";
import type { Transaction, Updateable } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import type { DB, OrdersTable } from "../../db/schema.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Delivery } from "../../plugins/realtime.js";
import type { Deps } from "../../services.js";
import { storeProductMessage } from "../chat/index.js";
import { endDealOfOrder, toDeal } from "../deals/index.js";
import { lockGoodsStatus } from "../goods-status/index.js";
import { type LedgerEntry, post } from "../ledger/index.js";
import type { OrderRow } from "./order-repository.js";
import * as repo from "./order-repository.js";
import { timerOf } from "./order-timers.js";

export type MoveActor = "buyer" | "seller" | "timer" | "system";

/** One step of an order: a transition of ORDER_PROCESS and what it writes besides the state. */
export interface OrderMove {
  transition: OrderTransition;
  actor: MoveActor;
  /** What it writes besides the state and the timer. */
  changes?: Updateable<OrdersTable>;
  /** Conditions besides the state that must still hold when it writes (a timer's deadline). */
  guard?: Parameters<typeof repo.moveOrder>[4];
  closeReason?: CloseReason;
  /** Money the provider is to move once it commits: refund to the buyer, release to the seller. */
  settlement?: "refund" | "release" | "split";
  /** Posted in the same transaction: the provider's verified word that it holds the payment. */
  ledger?: LedgerEntry;
  /** The timeline's line. */
  note: string;
  /** Who is told, with which notification. */
  notify: { userId: number; kind: NotificationKind }[];
  /**
   * Whether the goods have left the seller though the order closes (a full 仅退款: the buyer keeps
   * them, or they were lost on the way): they are sold, not put back on sale.
   */
  goodsGone?: boolean;
}

/** The refusal of a step the order is no longer in a state for, saying what it is now. */
export function wrongStateError(row: OrderRow | undefined) {
  if (!row) return appError("ORDER_NOT_FOUND");
  const label = ORDER_STATUSES[row.status as OrderStatus];
  return appError("ORDER_WRONG_STATE", `这笔订单当前为「${label}」，不能进行这个操作`);
}

/**
 * Takes one step of an order in one transaction: the goods row locked first (as every change of
 * offers, deals and orders does), the order moved only if still where the step leaves from, its
 * timer reset for the state it reaches, the event written under a key only this step of this order
 * has (so a step never happens twice), the ledger posted, the chat told, both sides notified, and
 * its deal ended with it (sold, or back on sale). Answers the order as it is now and the
 * frames that tell both sides.
 */
export async function applyMove(
  { db, outbox, config }: Deps<"db" | "outbox" | "config">,
  order: OrderRow,
  move: OrderMove,
): Promise<{ row: OrderRow; deliveries: Delivery[] }> {
  const moved = await db.transaction().execute((tx) => moveInTransaction(tx, { outbox, config }, order, move));
  outbox.push();
  return { row: moved.row, deliveries: moved.deliveries };
}

/** `applyMove` inside the caller's transaction: the caller pushes the outbox once it commits. */
export async function moveInTransaction(
  tx: Transaction<DB>,
  { outbox, config }: Deps<"outbox" | "config">,
  order: OrderRow,
  move: OrderMove,
): Promise<{ row: OrderRow; deliveries: Delivery[] }> {
  const { from, to } = ORDER_PROCESS.transitions[move.transition];
  const now = nowIso();
  if (order.goodsId !== null) await lockGoodsStatus(tx, order.goodsId);
  const entered = to !== order.status;
  const timer = timerOf(config.orderTimers, to, { ...order, ...move.changes } as OrderRow);
  const changes: Updateable<OrdersTable> = {
    ...move.changes,
    status: to,
    dueAt: timer.dueAt,
    dueTransition: timer.dueTransition,
    ...(entered || move.transition === "extend" || move.transition === "resumeReceiving"
      ? { remindAt: timer.remindAt }
      : {}),
    ...(move.closeReason ? { closeReason: move.closeReason, closedAt: now } : {}),
    ...(move.settlement ? { settlement: move.settlement } : {}),
  };
  const row = await repo.moveOrder(tx, order.id, from, changes, move.guard);
  if (!row) throw wrongStateError(await repo.findOrder(tx, order.id));
  const ledgerTransactionId = move.ledger ? await post(tx, move.ledger) : null;
  const told = await recordStep(tx, outbox, row, {
    transition: move.transition,
    actor: move.actor,
    note: move.note,
    idempotencyKey: `order:${row.id}:${move.transition}`,
    ledgerTransactionId,
    notify: move.notify,
    excerpt: move.closeReason ? CLOSE_REASONS[move.closeReason] : move.note,
  });
  // Last: selling the goods or putting them back on sale changes the counts of listed goods
  // (rows every listed goods of a block or category shares), held from here to the commit.
  const deal =
    to === "closed" || to === "completed"
      ? await endDealOfOrder(tx, row.dealId, to === "closed" && !move.goodsGone ? "cancel" : "complete")
      : null;
  const deliveries = told.deliveries;
  if (deal) deliveries.push({ userIds: [row.buyerId, row.sellerId], frame: { type: "deal", deal: toDeal(deal) } });
  return { row, deliveries };
}

/** A line of an order's timeline, with who is told and how. */
export interface OrderStep {
  transition: string;
  actor: MoveActor | "moderator";
  note: string;
  /** Only this step of this order has it: the same step never happens twice. */
  idempotencyKey: string;
  ledgerTransactionId?: number | null;
  notify: { userId: number; kind: NotificationKind }[];
  /** The notification's line; the note when absent. */
  excerpt?: string;
}

/**
 * Records a step of an order (its own, or its refund request's) in the caller's transaction: the
 * timeline's line, the line in the chat between the two, the notifications; answers the frames
 * that tell both sides once it commits.
 */
export async function recordStep(
  tx: Transaction<DB>,
  outbox: Deps<"outbox">["outbox"],
  row: OrderRow,
  step: OrderStep,
): Promise<{ deliveries: Delivery[] }> {
  await repo.insertEvent(tx, {
    orderId: row.id,
    transition: step.transition,
    actor: step.actor,
    status: row.status,
    note: step.note,
    idempotencyKey: step.idempotencyKey,
    ledgerTransactionId: step.ledgerTransactionId ?? null,
    createdAt: nowIso(),
  });
  const notice = await noticeInChat(tx, row, step);
  await outbox.record(
    tx,
    step.notify.map(({ userId, kind }) => ({
      userId,
      kind,
      actorId: step.actor === "buyer" ? row.buyerId : step.actor === "seller" ? row.sellerId : null,
      goodsId: row.goodsId,
      chatId: row.chatId,
      dealId: row.dealId,
      orderId: row.id,
      excerpt: step.excerpt ?? step.note,
    })),
  );
  const deliveries = orderDeliveries(row);
  if (notice) deliveries.push({ userIds: [row.buyerId, row.sellerId], frame: { type: "message", message: notice } });
  return { deliveries };
}

/** The order's step as a line in the chat between the two, sent by whoever took it (the seller for the product's own). */
async function noticeInChat(tx: DbOrTx, row: OrderRow, step: OrderStep) {
  if (row.chatId === null) return null;
  return storeProductMessage(tx, {
    chatId: row.chatId,
    senderId: step.actor === "buyer" ? row.buyerId : row.sellerId,
    type: "notice",
    content: `订单${ORDER_STATUSES[row.status as OrderStatus]}：${step.note}`,
  });
}

/** Tells both sides that the order moved; each asks for it as they see it. */
export function orderDeliveries(row: OrderRow): Delivery[] {
  return [
    {
      userIds: [row.buyerId, row.sellerId],
      frame: { type: "order", orderId: String(row.id), status: row.status as OrderStatus },
    },
  ];
}
