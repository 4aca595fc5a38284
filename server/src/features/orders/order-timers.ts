import type { OrderStatus, OrderTimers, OrderTransition } from "@xianzhi/contract";

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The timer an order's state runs: when it fires, which transition it takes, and when its reminder goes. */
export interface RunningTimer {
  dueAt: string | null;
  dueTransition: OrderTransition | null;
  remindAt: string | null;
}

const NONE: RunningTimer = { dueAt: null, dueTransition: null, remindAt: null };
const at = (ms: number) => new Date(ms).toISOString();

/** The receiving deadline of a shipped order: days after shipping, longer once extended. */
export function receiveDueMs(
  timers: OrderTimers,
  order: { delivery: string; shippedAt: string | null; extended: number; receivePausedMs: number },
): number {
  const days = order.delivery === "meetup" ? timers.meetupReceiveDays : timers.receiveDays;
  const receiveMs = (days + (order.extended ? timers.extendDays : 0)) * DAY_MS;
  return Date.parse(order.shippedAt ?? "") + receiveMs + order.receivePausedMs;
}

/** A reminder only when it falls after `fromMs`: a deadline shorter than the reminder's lead gets none. */
const reminder = (dueMs: number, leadMs: number, fromMs: number) =>
  dueMs - leadMs > fromMs ? at(dueMs - leadMs) : null;

/**
 * The timer of an order in `status`, counted from when it entered it (ORDER_PROCESS): unpaid
 * closes after paymentMinutes; paid is refunded after shipHours, or sooner when the buyer asked to
 * cancel and the seller stays silent; shipped is confirmed after the receiving days, with the time
 * refund requests held it added, and none while one is open.
 */
export function timerOf(
  timers: OrderTimers,
  status: OrderStatus,
  order: {
    delivery: string;
    createdAt: string;
    paidAt: string | null;
    shippedAt: string | null;
    cancelRequestedAt: string | null;
    extended: number;
    afterSale: string | null;
    receivePausedMs: number;
  },
): RunningTimer {
  switch (status) {
    case "awaiting_payment":
      return {
        dueAt: at(Date.parse(order.createdAt) + timers.paymentMinutes * 60 * 1000),
        dueTransition: "expire",
        remindAt: null,
      };
    case "paid": {
      const paidMs = Date.parse(order.paidAt ?? "");
      const shipDue = paidMs + timers.shipHours * HOUR_MS;
      const remindAt =
        paidMs + timers.shipReminderHours * HOUR_MS < shipDue ? at(paidMs + timers.shipReminderHours * HOUR_MS) : null;
      const grantDue = order.cancelRequestedAt
        ? Date.parse(order.cancelRequestedAt) + timers.cancelRequestHours * HOUR_MS
        : Number.POSITIVE_INFINITY;
      return grantDue < shipDue
        ? { dueAt: at(grantDue), dueTransition: "grantCancel", remindAt }
        : { dueAt: at(shipDue), dueTransition: "shipDeadline", remindAt };
    }
    case "shipped": {
      // A refund request holds the receiving time until it ends (REFUND_PROCESS).
      if (order.afterSale === "open") return NONE;
      const dueMs = receiveDueMs(timers, order);
      return {
        dueAt: at(dueMs),
        dueTransition: "autoConfirm",
        remindAt: reminder(dueMs, timers.receiveReminderDays * DAY_MS, Date.now()),
      };
    }
    default:
      return NONE;
  }
}
