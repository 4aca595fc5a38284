import {
  type AgreeRefundBody,
  CARRIERS,
  type CreateRefundBody,
  isTakenBy,
  isTrackingNumberOf,
  ORDER_STATUSES,
  type OrderStatus,
  REFUND_KINDS,
  REFUND_PROCESS,
  REFUND_REASONS,
  type Refund,
  type RefundKind,
  type RefundReason,
  type RefundTransition,
  type RefundWordsBody,
  type ReturnShippedBody,
} from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { uniqueViolation } from "../../db/errors.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { WithDeliveries } from "../../plugins/realtime.js";
import type { Deps } from "../../services.js";
import { findAddressOf } from "../addresses/index.js";
import { afterMove, findOrder, moveInTransaction, recordStep } from "../orders/index.js";
import { refundActions, sideOfRefund, toRefund } from "./refund-mapper.js";
import { applyRefundStep, keepWords, lockedOrder, type RefundStep, yuan } from "./refund-moves.js";
import type { RefundRow } from "./refund-repository.js";
import * as repo from "./refund-repository.js";
import { refundTimerOf } from "./refund-timers.js";

type RefundDeps = Deps<"db" | "outbox" | "config" | "payments" | "log">;

/** A request as one of its sides sees it. */
export async function refundAsSeenBy(
  db: DbOrTx,
  row: RefundRow,
  role: "buyer" | "seller" | "moderator",
): Promise<Refund> {
  const [words, order] = await Promise.all([repo.wordsOf(db, row.id), findOrder(db, row.orderId)]);
  return toRefund(row, words, role, order?.totalCents ?? 0);
}

/** A request only its two sides may see: 404 for anyone else, as if it did not exist. */
async function requirePartyRefund(db: DbOrTx, userId: number, refundId: number) {
  const row = await repo.findRefund(db, refundId);
  const side = row ? sideOfRefund(row, userId) : undefined;
  if (!row || !side) throw appError("REFUND_NOT_FOUND");
  return { row, side };
}

export async function refundDetail({ db }: Deps<"db">, userId: number, refundId: number): Promise<Refund> {
  const { row, side } = await requirePartyRefund(db, userId, refundId);
  return refundAsSeenBy(db, row, side);
}

/** The photos must be uploads of the caller's (POST /upload): anything else is refused, nothing kept. */
export async function requireOwnUploads(db: DbOrTx, userId: number, fileIds: readonly string[]): Promise<void> {
  const own = await repo.ownUploads(db, userId, fileIds);
  if (fileIds.some((fileId) => !own.has(fileId))) throw appError("REFUND_PICTURE_NOT_FOUND");
}

/** Why a request cannot start on an order in `status`, in words the buyer can act on. */
function notRefundable(status: OrderStatus) {
  if (status === "completed") return appError("REFUND_NOT_ALLOWED", "交易成功后不能再申请退款");
  if (status === "paid") return appError("REFUND_NOT_ALLOWED", "卖家还没有发货，可以直接申请取消订单");
  return appError("REFUND_NOT_ALLOWED", `订单当前为「${ORDER_STATUSES[status]}」，不能申请退款`);
}

/**
 * 申请退款: the buyer of a shipped order, while its receiving time runs, once per order. In one
 * transaction, after the goods row is locked: the order's receiving timer paused, the request made
 * with its timer, the buyer's words and photos kept; the seller told. Two requests at once: the
 * order's one-request rule (and the unique order id) lets one through.
 */
export async function requestRefund(
  deps: RefundDeps,
  userId: number,
  orderId: number,
  body: CreateRefundBody,
): Promise<WithDeliveries<Refund>> {
  const first = await findOrder(deps.db, orderId);
  if (!first || (first.buyerId !== userId && first.sellerId !== userId)) throw appError("ORDER_NOT_FOUND");
  if (first.buyerId !== userId) throw appError("NOT_A_PARTY", "只有买家可以申请退款");
  await requireOwnUploads(deps.db, userId, body.fileIds);
  const made = await deps.db
    .transaction()
    .execute(async (tx) => {
      const order = await lockedOrder(tx, orderId);
      const now = nowIso();
      if (order.afterSale !== null) throw appError("REFUND_EXISTS");
      if (order.status !== "shipped") throw notRefundable(order.status as OrderStatus);
      if (order.dueAt === null || order.dueAt <= now)
        throw appError("REFUND_NOT_ALLOWED", "收货时间已到，不能再申请退款");
      if (body.amountCents > order.totalCents) {
        throw appError("REFUND_AMOUNT_TOO_HIGH", `退款金额不能超过实付金额 ${yuan(order.totalCents)}`);
      }
      const kind = REFUND_KINDS[body.kind as RefundKind];
      const moved = await moveInTransaction(tx, deps, order, {
        transition: "requestRefund",
        actor: "buyer",
        changes: { afterSale: "open", remindAt: null },
        guard: { refundableAt: now },
        note: `买家申请${kind}（${REFUND_REASONS[body.reason as RefundReason]}），金额 ${yuan(body.amountCents)}，收货时间暂停`,
        notify: [{ userId: order.sellerId, kind: "refund_requested" }],
      });
      const timer = refundTimerOf(
        deps.config.refundTimers,
        "requested",
        { kind: body.kind, createdAt: now },
        Date.parse(now),
      );
      const refund = await repo.insertRefund(tx, {
        orderId,
        buyerId: order.buyerId,
        sellerId: order.sellerId,
        kind: body.kind,
        reason: body.reason,
        status: "requested",
        amountCents: body.amountCents,
        dueAt: timer.dueAt,
        dueTransition: timer.dueTransition,
        createdAt: now,
      });
      await keepWords(
        tx,
        refund.id,
        { side: "buyer", kind: "request", text: body.description, fileIds: body.fileIds },
        now,
      );
      return { refund, deliveries: moved.deliveries };
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error) !== null) throw appError("REFUND_EXISTS");
      throw error;
    });
  deps.outbox.push();
  return { data: await refundAsSeenBy(deps.db, made.refund, "buyer"), deliveries: made.deliveries };
}

/** Refusals worded for the side that tried a step the process does not give it. */
const ONLY_BY: Partial<Record<RefundTransition, string>> = {
  agree: "只有卖家可以处理退款申请",
  refuse: "只有卖家可以处理退款申请",
  accept: "只有买家可以接受卖家的方案",
  withdraw: "只有买家可以撤销退款申请",
  shipReturn: "只有买家可以填写退货单号",
  receiveReturn: "只有卖家可以确认收到退货",
  rejectReturn: "只有卖家可以反馈退货问题",
};

/**
 * The side of the request the user is, if the process lets that side take one of `transitions`
 * now (the first the request's kind and state allow): 404 for a stranger, 403 for the wrong side,
 * REFUND_WRONG_STATE when the request is past it.
 */
async function requireRefundStep(db: DbOrTx, userId: number, refundId: number, transitions: RefundTransition[]) {
  const { row, side } = await requirePartyRefund(db, userId, refundId);
  if (!transitions.some((transition) => isTakenBy(REFUND_PROCESS, transition, side))) {
    throw appError("NOT_A_PARTY", ONLY_BY[transitions[0] as RefundTransition]);
  }
  const allowed = refundActions(row, side);
  const transition = transitions.find((candidate) => allowed.includes(candidate));
  if (!transition) throw appError("REFUND_WRONG_STATE");
  return { row, side, transition };
}

/** Takes a step by hand, then moves the money it owes (after the commit: the provider is outside). */
async function takeRefundStep(
  deps: RefundDeps,
  userId: number,
  refundId: number,
  transitions: RefundTransition[],
  stepOf: (row: RefundRow, side: "buyer" | "seller", transition: RefundTransition) => RefundStep | Promise<RefundStep>,
): Promise<WithDeliveries<Refund>> {
  const { row, side, transition } = await requireRefundStep(deps.db, userId, refundId, transitions);
  const done = await applyRefundStep(deps, row, await stepOf(row, side, transition));
  await afterMove(deps, done.order);
  return { data: await refundAsSeenBy(deps.db, done.refund, side), deliveries: done.deliveries };
}

const otherSide = (row: RefundRow, side: "buyer" | "seller") => (side === "buyer" ? row.sellerId : row.buyerId);
const tellOther = (row: RefundRow, side: "buyer" | "seller") => [
  { userId: otherSide(row, side), kind: "refund_updated" as const },
];

/** The seller's return address: an entry of their address book, kept with the request as it was then. */
async function returnAddressOf(db: DbOrTx, sellerId: number, addressId: string | undefined): Promise<string> {
  if (addressId === undefined) throw appError("REFUND_RETURN_ADDRESS_REQUIRED");
  const address = await findAddressOf(db, sellerId, Number(addressId));
  if (!address) throw appError("ADDRESS_NOT_FOUND");
  const { recipientName, phone, region, street } = address;
  return JSON.stringify({ recipientName, phone, region, street });
}

/**
 * The seller agrees: to all that was asked (仅退款: refunded now; 退货退款: the goods come back to
 * the address given), or to part of it, an offer the buyer takes or takes to the platform.
 */
export function agreeRefund(deps: RefundDeps, userId: number, refundId: number, body: AgreeRefundBody) {
  return takeRefundStep(deps, userId, refundId, ["agree", "agreeReturn", "counter"], async (row, side) => {
    const amount = body.amountCents ?? row.amountCents;
    if (amount > row.amountCents) {
      throw appError("REFUND_OFFER_TOO_HIGH", `同意的金额不能超过买家申请的 ${yuan(row.amountCents)}`);
    }
    const isReturn = row.kind === "return";
    const returnAddress = isReturn ? await returnAddressOf(deps.db, row.sellerId, body.addressId) : null;
    const notify = tellOther(row, side);
    if (amount < row.amountCents) {
      return {
        transition: "counter",
        actor: "seller",
        changes: { offeredCents: amount, returnAddress },
        note: `卖家同意部分退款 ${yuan(amount)}，等待买家确认`,
        notify,
      };
    }
    if (isReturn) {
      return {
        transition: "agreeReturn",
        actor: "seller",
        changes: { refundCents: amount, returnAddress },
        note: `卖家同意退货退款 ${yuan(amount)}，请在 ${deps.config.refundTimers.returnDays} 天内寄回`,
        notify,
      };
    }
    return {
      transition: "agree",
      actor: "seller",
      changes: { refundCents: amount },
      note: `卖家同意退款 ${yuan(amount)}`,
      notify,
    };
  });
}

export function refuseRefund(deps: RefundDeps, userId: number, refundId: number, body: RefundWordsBody) {
  return takeRefundStep(deps, userId, refundId, ["refuse"], async (row, side) => {
    await requireOwnUploads(deps.db, userId, body.fileIds);
    return {
      transition: "refuse",
      actor: "seller",
      words: { side, kind: "refusal", text: body.text, fileIds: body.fileIds },
      note: `卖家拒绝退款：${body.text}`,
      notify: tellOther(row, side),
    };
  });
}

/** The buyer takes the part the seller offered. */
export function acceptOffer(deps: RefundDeps, userId: number, refundId: number) {
  return takeRefundStep(deps, userId, refundId, ["accept", "acceptReturn"], (row, side, transition) => ({
    transition,
    actor: "buyer",
    changes: { refundCents: row.offeredCents },
    note:
      transition === "acceptReturn"
        ? `买家接受部分退款 ${yuan(row.offeredCents ?? 0)}，将寄回商品`
        : `买家接受部分退款 ${yuan(row.offeredCents ?? 0)}`,
    notify: tellOther(row, side),
  }));
}

export function withdrawRefund(deps: RefundDeps, userId: number, refundId: number) {
  return takeRefundStep(deps, userId, refundId, ["withdraw"], (row, side) => ({
    transition: "withdraw",
    actor: "buyer",
    note: "买家撤销了退款申请，收货时间继续计算",
    notify: tellOther(row, side),
  }));
}

export function escalateRefund(deps: RefundDeps, userId: number, refundId: number) {
  return takeRefundStep(deps, userId, refundId, ["escalate"], (row, side) => ({
    transition: "escalate",
    actor: side,
    note: `${side === "buyer" ? "买家" : "卖家"}申请平台介入，等待平台处理`,
    notify: tellOther(row, side),
  }));
}

export function shipReturn(deps: RefundDeps, userId: number, refundId: number, body: ReturnShippedBody) {
  return takeRefundStep(deps, userId, refundId, ["shipReturn"], (row, side) => {
    if (!isTrackingNumberOf(body.carrier, body.trackingNumber)) {
      throw appError("ORDER_TRACKING_NUMBER", `运单号与${CARRIERS[body.carrier].name}的格式不符，请核对`);
    }
    return {
      transition: "shipReturn",
      actor: "buyer",
      changes: { returnCarrier: body.carrier, returnTrackingNumber: body.trackingNumber },
      note: `买家已寄回商品：${CARRIERS[body.carrier].name} ${body.trackingNumber}`,
      notify: tellOther(row, side),
    };
  });
}

export function receiveReturn(deps: RefundDeps, userId: number, refundId: number) {
  return takeRefundStep(deps, userId, refundId, ["receiveReturn"], (row, side) => ({
    transition: "receiveReturn",
    actor: "seller",
    note: `卖家确认收到退货，退款 ${yuan(row.refundCents ?? row.amountCents)}`,
    notify: tellOther(row, side),
  }));
}

export function rejectReturn(deps: RefundDeps, userId: number, refundId: number, body: RefundWordsBody) {
  return takeRefundStep(deps, userId, refundId, ["rejectReturn"], async (row, side) => {
    await requireOwnUploads(deps.db, userId, body.fileIds);
    return {
      transition: "rejectReturn",
      actor: "seller",
      words: { side, kind: "return_rejected", text: body.text, fileIds: body.fileIds },
      note: `卖家反馈退货有问题，平台介入：${body.text}`,
      notify: tellOther(row, side),
    };
  });
}

/**
 * A side's one statement to the platform while the dispute waits, with photos: kept under a key
 * only that side's statement has (two sent at once, one is kept), told to the other side.
 */
export async function addStatement(
  deps: RefundDeps,
  userId: number,
  refundId: number,
  body: RefundWordsBody,
): Promise<WithDeliveries<Refund>> {
  const { side } = await requirePartyRefund(deps.db, userId, refundId);
  await requireOwnUploads(deps.db, userId, body.fileIds);
  const done = await deps.db
    .transaction()
    .execute(async (tx) => {
      const refund = await repo.findRefund(tx, refundId);
      if (!refund) throw appError("REFUND_NOT_FOUND");
      const order = await lockedOrder(tx, refund.orderId);
      const current = await repo.findRefund(tx, refundId);
      if (current?.status !== "disputed") throw appError("REFUND_WRONG_STATE", "只有平台介入处理中可以补充说明");
      const now = nowIso();
      await keepWords(tx, refundId, { side, kind: "statement", text: body.text, fileIds: body.fileIds }, now);
      const told = await recordStep(tx, deps.outbox, order, {
        transition: "refundStep",
        actor: side,
        note: `${side === "buyer" ? "买家" : "卖家"}向平台补充了说明`,
        idempotencyKey: `refund:${refundId}:statement:${side}`,
        notify: tellOther(current, side),
      });
      return { refund: current, deliveries: told.deliveries };
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error) !== null) throw appError("REFUND_STATEMENT_EXISTS");
      throw error;
    });
  deps.outbox.push();
  return { data: await refundAsSeenBy(deps.db, done.refund, side), deliveries: done.deliveries };
}
