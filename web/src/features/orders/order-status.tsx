import type { Order } from "@xianzhi/contract";
import { CLOSE_REASONS, ORDER_STATUSES, type OrderStatus, REFUND_STATUSES } from "@xianzhi/contract/constants";
import { StatusTag, type StatusTone } from "../../components/status-tag";
import { countdownText } from "./order-rules";
import { isRefundOpen } from "./refund-request-rules";

/** An order under way waits on someone, a completed one is done; a closed one stays grey. */
const ORDER_STATUS_TONES: Partial<Record<OrderStatus, StatusTone>> = {
  awaiting_payment: "waiting",
  paid: "waiting",
  shipped: "waiting",
  completed: "done",
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return <StatusTag tone={ORDER_STATUS_TONES[status]}>{ORDER_STATUSES[status]}</StatusTag>;
}

/**
 * What is next for the order in a line: the running timer counted down, why it closed, that the
 * buyer asked to cancel, or that a refund request is under way (the receiving timer waits for it);
 * null when there is nothing to say.
 */
export function orderStatusLine(
  order: Pick<Order, "status" | "dueAt" | "dueTransition" | "closeReason" | "cancelRequestedAt" | "role" | "refund">,
  now: number,
): string | null {
  if (order.status === "closed") return order.closeReason === null ? null : CLOSE_REASONS[order.closeReason];
  if (order.status === "shipped" && order.refund && isRefundOpen(order.refund)) {
    return `售后处理中：${REFUND_STATUSES[order.refund.status]}，收货倒计时暂停`;
  }
  const countdown = countdownText(order, now);
  if (order.status === "paid" && order.cancelRequestedAt !== null) {
    const asked = order.role === "seller" ? "买家申请取消订单" : "你已申请取消";
    return countdown ? `${asked} · ${countdown}` : asked;
  }
  return countdown;
}
