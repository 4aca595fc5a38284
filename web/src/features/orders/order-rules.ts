import type { Order, OrderRole } from "@xianzhi/contract";
import {
  CARRIERS,
  type Carrier,
  isTrackingNumberOf,
  OrderLimits,
  type OrderTransition,
} from "@xianzhi/contract/constants";

/**
 * What a party may press on an order: the transitions the server lists in `order.actions` (the
 * order process's, for the caller, now), and 去付款, which is no transition (the provider's
 * confirmation pays) but a page to go to while the order has one for the buyer.
 */
const PARTY_ACTIONS = ["cancel", "requestCancel", "refund", "ship", "extend", "confirm", "pickup"] as const;
export type OrderAction = (typeof PARTY_ACTIONS)[number];
export type OrderButton = "pay" | OrderAction;

const isPartyAction = (transition: OrderTransition): transition is OrderAction =>
  (PARTY_ACTIONS as readonly string[]).includes(transition);

/** The order's buttons, in the process's order; 去付款 first while there is somewhere to pay. */
export function orderButtons(order: Pick<Order, "actions" | "payUrl">): OrderButton[] {
  const actions = order.actions.filter(isPartyAction);
  return order.payUrl ? ["pay", ...actions] : actions;
}

/**
 * The one action a card offers: what moves the order on (pay, ship, confirm, enter the pickup
 * code, or answer a buyer's request to cancel); the rest (cancelling, extending) are on the page.
 */
const MOVES_ON: readonly OrderButton[] = ["pay", "ship", "confirm", "pickup"];

export function nextButton(order: Pick<Order, "actions" | "payUrl" | "cancelRequestedAt">): OrderButton | null {
  const buttons = orderButtons(order);
  const forward = MOVES_ON.find((button) => buttons.includes(button));
  if (forward) return forward;
  return order.cancelRequestedAt !== null && buttons.includes("refund") ? "refund" : null;
}

const LABELS: Record<Exclude<OrderButton, "refund" | "ship">, string> = {
  pay: "去付款",
  cancel: "取消订单",
  requestCancel: "申请取消",
  extend: "延长收货",
  confirm: "确认收货",
  pickup: "输入取件码",
};

/** A button's words; a refund may answer the buyer's request, and 面交 is handed over, not shipped. */
export function buttonLabel(button: OrderButton, order: Pick<Order, "delivery" | "cancelRequestedAt">): string {
  if (button === "refund") return order.cancelRequestedAt === null ? "取消订单并退款" : "同意取消并退款";
  if (button === "ship") return order.delivery === "meetup" ? "确认面交" : "发货";
  return LABELS[button];
}

const MINUTE = 60_000;
const MINUTES_PER_DAY = 24 * 60;

/**
 * A time left as the countdown says it, to the minute, rounded up, in its largest two units and
 * spaced as the app writes numbers in Chinese: 2 天 3 小时, 5 小时 12 分钟, 8 分钟.
 */
export function durationText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  const days = Math.floor(minutes / MINUTES_PER_DAY);
  const hours = Math.floor((minutes % MINUTES_PER_DAY) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} 天 ${hours} 小时` : `${days} 天`;
  if (hours > 0) return rest > 0 ? `${hours} 小时 ${rest} 分钟` : `${hours} 小时`;
  return `${rest} 分钟`;
}

/** What a timer asks of whom, and what it does when it runs out, as each side reads it. */
interface TimerWords {
  /** The sentence with the time left, e.g. "请在 2 天内发货，超时自动退款给买家". */
  running(left: string, role: OrderRole): string;
  /** What it does, once due: the server's sweep takes it then. */
  outcome: string;
}

const TIMER_WORDS: Partial<Record<OrderTransition, TimerWords>> = {
  expire: {
    running: (left, role) => (role === "buyer" ? `请在 ${left}内付款，超时自动关闭` : `等待买家付款，还剩 ${left}`),
    outcome: "自动关闭",
  },
  shipDeadline: {
    running: (left, role) =>
      role === "seller" ? `请在 ${left}内发货，超时自动退款给买家` : `卖家需在 ${left}内发货，超时自动退款`,
    outcome: "自动退款",
  },
  grantCancel: {
    running: (left, role) =>
      role === "seller" ? `请在 ${left}内处理，超时自动同意退款` : `卖家需在 ${left}内处理，超时自动退款`,
    outcome: "自动退款",
  },
  autoConfirm: { running: (left) => `还剩 ${left}自动确认收货`, outcome: "自动确认收货" },
};

const ANY_TIMER: TimerWords = { running: (left) => `${left}后自动处理`, outcome: "自动处理" };

/**
 * The running timer, counted down from `now`, in the words of the side reading it: "还剩 2 天 3 小时
 * 自动确认收货", "请在 23 小时内发货，超时自动退款给买家"; "即将自动退款" once it is due (the
 * server's sweep takes it then); null when none runs.
 */
export function countdownText(order: Pick<Order, "dueAt" | "dueTransition" | "role">, now: number): string | null {
  if (order.dueAt === null || order.dueTransition === null) return null;
  const left = Date.parse(order.dueAt) - now;
  const words = TIMER_WORDS[order.dueTransition] ?? ANY_TIMER;
  if (left <= 0) return `即将${words.outcome}`;
  return words.running(durationText(left), order.role);
}

/** The carriers as the ship sheet lists them. */
export const CARRIER_OPTIONS = (Object.keys(CARRIERS) as Carrier[]).map((carrier) => ({
  value: carrier,
  label: CARRIERS[carrier].name,
}));

/**
 * A tracking number as the server stores it (trimmed, upper case), or why it cannot be sent: the
 * server refuses a number that matches none of its carrier's forms (ORDER_TRACKING_NUMBER).
 */
export function checkTrackingNumber(carrier: Carrier, typed: string): { trackingNumber: string } | { error: string } {
  const trackingNumber = typed.trim().toUpperCase();
  if (trackingNumber === "") return { error: "请输入快递单号" };
  if (trackingNumber.length > OrderLimits.trackingNumberMax || !isTrackingNumberOf(carrier, trackingNumber)) {
    return { error: `这不是${CARRIERS[carrier].name}的单号，请核对后重新输入` };
  }
  return { trackingNumber };
}

const PICKUP_CODE = new RegExp(`^\\d{${OrderLimits.pickupCodeDigits}}$`);

/** The buyer's pickup code as typed by the seller, or why it is not one. */
export function checkPickupCode(typed: string): { code: string } | { error: string } {
  const code = typed.replace(/\s/g, "");
  return PICKUP_CODE.test(code) ? { code } : { error: `请输入买家出示的 ${OrderLimits.pickupCodeDigits} 位取件码` };
}
