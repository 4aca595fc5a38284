import type { OrderTransition } from "@xianzhi/contract";
import { nowIso } from "../../lib/clock.js";
import { deliverAll } from "../../plugins/realtime.js";
import type { Deps } from "../../services.js";
import { applyMove, type OrderMove } from "./order-moves.js";
import { afterMove, pollPayment, SETTLE_RETRY, settleOrder } from "./order-payments.js";
import type { OrderRow } from "./order-repository.js";
import * as repo from "./order-repository.js";

type SweepDeps = Deps<"db" | "outbox" | "config" | "payments" | "log" | "hub">;

/** How many orders one run takes; the next run takes the rest. */
const BATCH = 200;

/** The step each timer takes, as the order process names it. */
function timerMove(row: OrderRow, transition: OrderTransition, now: string): OrderMove | undefined {
  const both = (kind: "order_closed" | "order_completed") => [
    { userId: row.buyerId, kind },
    { userId: row.sellerId, kind },
  ];
  const guard = { dueTransition: transition, dueBy: now };
  switch (transition) {
    case "expire":
      return {
        transition,
        actor: "timer",
        guard,
        closeReason: "unpaid",
        note: "超时未付款，交易关闭",
        notify: both("order_closed"),
      };
    case "shipDeadline":
      return {
        transition,
        actor: "timer",
        guard,
        closeReason: "not_shipped",
        settlement: "refund",
        note: "卖家超时未发货，订单关闭，货款原路退回",
        notify: both("order_closed"),
      };
    case "grantCancel":
      return {
        transition,
        actor: "timer",
        guard,
        closeReason: "refunded_on_request",
        settlement: "refund",
        note: "卖家未在规定时间内处理取消申请，已自动退款",
        notify: both("order_closed"),
      };
    case "autoConfirm":
      return {
        transition,
        actor: "timer",
        changes: { completedAt: now },
        guard: { ...guard, noOpenRefund: true },
        settlement: "release",
        note: "超时自动确认收货，交易成功",
        notify: both("order_completed"),
      };
    default:
      return undefined;
  }
}

/**
 * Fires every order timer that is due. Each fires through the same conditional step as a person's
 * (the order still in its state, the same timer still due), so across processes a timer fires
 * once, and of a timer and a webhook or a click at the same moment one happens and the other finds
 * the order moved. Before an unpaid order closes, its payment is asked after: a buyer who paid
 * without the webhook arriving gets their order, not a refund.
 */
export async function fireDueOrderTimers(deps: SweepDeps): Promise<{ fired: number }> {
  const now = nowIso();
  let fired = 0;
  for (const row of await repo.dueOrders(deps.db, now, BATCH)) {
    const transition = row.dueTransition as OrderTransition | null;
    const move = transition ? timerMove(row, transition, now) : undefined;
    if (!move) continue;
    try {
      if (transition === "expire" && (await paidMeanwhile(deps, row))) continue;
      const moved = await applyMove(deps, row, move);
      await deliverAll(deps.hub, moved.deliveries);
      await afterMove(deps, moved.row);
      fired += 1;
    } catch (error) {
      deps.log.info({ err: error, orderId: row.id, transition }, "an order timer found the order moved on");
    }
  }
  return { fired };
}

/** Whether the provider says the unpaid order was paid after all (and takes the payment if so). */
async function paidMeanwhile(deps: SweepDeps, row: OrderRow): Promise<boolean> {
  try {
    const polled = await pollPayment(deps, row);
    await deliverAll(deps.hub, polled.deliveries);
    return polled.outcome === "paid";
  } catch (error) {
    deps.log.warn({ err: error, orderId: row.id }, "could not ask the provider about an unpaid order");
    return false;
  }
}

/** Sends the reminders that are due: the seller to ship, the buyer that receiving time runs out. Each once. */
export async function remindOrders(deps: SweepDeps): Promise<{ reminded: number }> {
  const rows = await repo.takeDueReminders(deps.db, nowIso());
  if (rows.length === 0) return { reminded: 0 };
  await deps.db.transaction().execute((tx) =>
    deps.outbox.record(
      tx,
      rows.map((row) => ({
        userId: row.status === "paid" ? row.sellerId : row.buyerId,
        kind: "order_reminder" as const,
        goodsId: row.goodsId,
        chatId: row.chatId,
        dealId: row.dealId,
        orderId: row.id,
        excerpt:
          row.status === "paid" ? "买家已付款，请尽快发货，超时将自动退款" : "收货时间即将结束，到期将自动确认收货",
      })),
    ),
  );
  deps.outbox.push();
  return { reminded: rows.length };
}

/** Unpaid orders older than this are asked after at the provider, in case their webhook never came. */
const POLL_AFTER_MS = 60 * 1000;

/** Asks the provider about unpaid orders whose webhook has not come. */
export async function pollUnpaidOrders(deps: SweepDeps): Promise<{ paid: number }> {
  let paid = 0;
  const before = new Date(Date.now() - POLL_AFTER_MS).toISOString();
  for (const row of await repo.unpaidOrdersBefore(deps.db, before, BATCH)) {
    try {
      const polled = await pollPayment(deps, row);
      await deliverAll(deps.hub, polled.deliveries);
      if (polled.outcome === "paid") paid += 1;
    } catch (error) {
      deps.log.warn({ err: error, orderId: row.id }, "could not ask the provider about an unpaid order");
    }
  }
  return { paid };
}

/** Retries the refunds and releases the provider has not done yet, each when its backoff allows. */
export async function settleOrders(deps: SweepDeps): Promise<{ settled: number; owed: number }> {
  const rows = await repo.unsettledOrders(deps.db, nowIso(), SETTLE_RETRY.attempts, BATCH);
  let settled = 0;
  for (const row of rows) if (await settleOrder(deps, row.id)) settled += 1;
  return { settled, owed: rows.length - settled };
}
