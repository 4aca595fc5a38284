import {
  formatPrice,
  type NotificationKind,
  REFUND_PROCESS,
  REFUND_STATUSES,
  type RefundStatus,
  type RefundTransition,
} from "@xianzhi/contract";
import type { Transaction, Updateable } from "kysely";
import type { DB, RefundsTable } from "../../db/schema.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Delivery } from "../../plugins/realtime.js";
import type { Deps } from "../../services.js";
import { lockGoodsStatus } from "../goods-status/index.js";
import { findOrder, moveInTransaction, type OrderMove, type OrderRow, recordStep } from "../orders/index.js";
import type { RefundRow } from "./refund-repository.js";
import * as repo from "./refund-repository.js";
import { refundTimerOf } from "./refund-timers.js";

export type RefundStepActor = "buyer" | "seller" | "moderator" | "timer";

/** One step of a refund request: a transition of REFUND_PROCESS and what it writes besides the state. */
export interface RefundStep {
  transition: RefundTransition;
  actor: RefundStepActor;
  changes?: Updateable<RefundsTable>;
  /** For a timer: the same timer still due by then. */
  guard?: { dueTransition: string; dueBy: string };
  /** A side's words with photos, kept with the request. */
  words?: { side: "buyer" | "seller"; kind: "refusal" | "return_rejected"; text: string; fileIds: string[] };
  /** The timeline's line. */
  note: string;
  /** Who is told: the other side by default, both for a ruling or a timer. */
  notify: { userId: number; kind: NotificationKind }[];
  /** Written in the same transaction once the request moved: a ruling's line in the audit log. */
  within?: (tx: Transaction<DB>, moved: RefundRow) => Promise<void>;
}

/** The refusal of a step the request is no longer in a state for, saying what it is now. */
export function refundWrongState(row: RefundRow | undefined, forRuling = false) {
  if (!row) return appError("REFUND_NOT_FOUND");
  if (forRuling) return appError("DISPUTE_ALREADY_RULED");
  return appError(
    "REFUND_WRONG_STATE",
    `退款当前为「${REFUND_STATUSES[row.status as RefundStatus]}」，不能进行这个操作`,
  );
}

const orderActor = (actor: RefundStepActor) => (actor === "buyer" || actor === "seller" ? actor : "system");

/**
 * What the order does when its request reaches `refund`'s state: refunded in full closes it (the
 * buyer is refunded; the goods go on sale again only if they came back); in part completes it (split: the refund back, the rest released); ruled for
 * the seller completes it (released); closed otherwise lets it go on, its receiving time resumed
 * with the time the request held it added. Any other state leaves the order as it is and records
 * the step on its timeline.
 */
function orderMoveFor(order: OrderRow, refund: RefundRow, step: RefundStep, now: string): OrderMove | null {
  const base = { actor: orderActor(step.actor), note: step.note, notify: step.notify } as const;
  if (refund.status === "refunded") {
    const refundCents = refund.refundCents ?? order.totalCents;
    if (refundCents >= order.totalCents) {
      return {
        ...base,
        transition: "refundAfterSale",
        actor: "system",
        closeReason: "refunded_after_sale",
        settlement: "refund",
        changes: { afterSale: "ended", refundCents },
        // 退货退款: the goods came back and go on sale again; 仅退款: the buyer has them, or no one does.
        goodsGone: refund.kind !== "return",
      };
    }
    return {
      ...base,
      transition: "refundPart",
      actor: "system",
      settlement: "split",
      changes: { afterSale: "ended", refundCents, completedAt: now },
    };
  }
  if (refund.status !== "closed") return null;
  if (step.transition === "ruleRelease") {
    return {
      ...base,
      transition: "releaseByRuling",
      actor: "system",
      settlement: "release",
      changes: { afterSale: "ended", completedAt: now },
    };
  }
  const heldMs = Math.max(0, Date.parse(now) - Date.parse(refund.createdAt));
  return {
    ...base,
    transition: "resumeReceiving",
    actor: "system",
    changes: { afterSale: "ended", receivePausedMs: order.receivePausedMs + heldMs },
  };
}

/**
 * Takes one step of a refund request in one transaction: the goods row locked first (as every
 * change of an order is), the request moved only if still where the step leaves from (of two steps
 * at once one does it), its timer set for the state it reaches, the side's words kept, and the
 * order moved with it (refunded, released or resumed) or the step recorded on its timeline; both
 * sides told. Answers the request and the order as they are now, and the frames for both sides.
 */
export async function applyRefundStep(
  deps: Deps<"db" | "outbox" | "config">,
  refund: RefundRow,
  step: RefundStep,
): Promise<{ refund: RefundRow; order: OrderRow; deliveries: Delivery[] }> {
  const { db, outbox, config } = deps;
  const done = await db.transaction().execute(async (tx) => {
    const order = await lockedOrder(tx, refund.orderId);
    const { from, to } = REFUND_PROCESS.transitions[step.transition];
    const now = nowIso();
    const timer = refundTimerOf(config.refundTimers, to, refund, Date.parse(now));
    const moved = await repo.moveRefund(
      tx,
      refund.id,
      from,
      {
        ...step.changes,
        status: to,
        dueAt: timer.dueAt,
        dueTransition: timer.dueTransition,
        ...(to === "disputed" ? { disputedAt: now } : {}),
        ...(to === "refunded" || to === "closed" ? { endedAt: now, endedBy: step.transition } : {}),
      },
      step.guard,
    );
    if (!moved) throw refundWrongState(await repo.findRefund(tx, refund.id), step.actor === "moderator");
    if (step.words) await keepWords(tx, moved.id, step.words, now);
    await step.within?.(tx, moved);
    return { refund: moved, ...(await moveOrderWith(tx, deps, order, moved, step, now)) };
  });
  outbox.push();
  return done;
}

/**
 * The order, read again once its goods row is locked: every change of an order locks that row
 * first, so the order read after it is as the last of them left it.
 */
export async function lockedOrder(tx: Transaction<DB>, orderId: number): Promise<OrderRow> {
  const first = await findOrder(tx, orderId);
  if (!first) throw appError("ORDER_NOT_FOUND");
  if (first.goodsId === null) return first;
  await lockGoodsStatus(tx, first.goodsId);
  const order = await findOrder(tx, orderId);
  if (!order) throw appError("ORDER_NOT_FOUND");
  return order;
}

async function moveOrderWith(
  tx: Transaction<DB>,
  { outbox, config }: Deps<"outbox" | "config">,
  order: OrderRow,
  refund: RefundRow,
  step: RefundStep,
  now: string,
): Promise<{ order: OrderRow; deliveries: Delivery[] }> {
  const move = orderMoveFor(order, refund, step, now);
  if (move) {
    const moved = await moveInTransaction(tx, { outbox, config }, order, move);
    return { order: moved.row, deliveries: moved.deliveries };
  }
  const told = await recordStep(tx, outbox, order, {
    transition: "refundStep",
    actor: step.actor,
    note: step.note,
    idempotencyKey: `refund:${refund.id}:${step.transition}`,
    notify: step.notify,
  });
  return { order, deliveries: told.deliveries };
}

/** Keeps a side's words and marks their photos as the refund's evidence. */
export async function keepWords(
  tx: Transaction<DB>,
  refundId: number,
  words: { side: "buyer" | "seller"; kind: string; text: string; fileIds: string[] },
  now: string,
): Promise<void> {
  await repo.insertWords(tx, {
    refundId,
    side: words.side,
    kind: words.kind,
    text: words.text,
    fileIds: JSON.stringify(words.fileIds),
    createdAt: now,
  });
  await repo.keepPictures(tx, refundId, words.fileIds);
}

/** The amount in words for the timeline. */
export const yuan = (cents: number) => formatPrice(cents);
