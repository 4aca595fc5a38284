import {
  type Carrier,
  type CloseReason,
  type DeliveryMethod,
  type GoodsStatus,
  nextActions,
  ORDER_PROCESS,
  type Order,
  type OrderActor,
  type OrderAddress,
  type OrderEvent,
  OrderLimits,
  type OrderStatus,
  type OrderTransition,
  type RefundKind,
  type RefundStatus,
} from "@xianzhi/contract";
import type { OrderEventRow, OrderRow, OrderViewRow } from "./order-repository.js";

/** Which side of the order the user is on; undefined for anyone else. */
export function sideOf(row: Pick<OrderRow, "buyerId" | "sellerId">, userId: number): OrderActor | undefined {
  if (userId === row.buyerId) return "buyer";
  if (userId === row.sellerId) return "seller";
  return undefined;
}

/**
 * What a side may do now: the transitions the process gives it from the state, less those the
 * order's own record rules out (a second cancel request or extension, a pickup code on a shipped
 * order, more wrong codes than allowed, receiving while a refund request is open, a second request).
 */
export function actionsFor(row: OrderRow, actor: OrderActor): OrderTransition[] {
  return nextActions(ORDER_PROCESS, row.status, actor).filter((transition) => {
    switch (transition) {
      case "requestCancel":
        return row.cancelRequestedAt === null;
      case "extend":
        return row.extended === 0 && row.afterSale !== "open";
      case "pickup":
        return (
          row.delivery === "meetup" && row.pickupFailures < OrderLimits.pickupCodeTries && row.afterSale !== "open"
        );
      case "confirm":
        return row.afterSale !== "open";
      case "requestRefund":
        // One request per order, and only while the receiving time runs.
        return row.afterSale === null && row.dueAt !== null && Date.parse(row.dueAt) > Date.now();
      default:
        return true;
    }
  });
}

/**
 * An order as `viewerId` (one of its sides) sees it: the seller sees the address only once paid,
 * only the buyer sees the pickup code and the page to pay on.
 */
export function toOrder(row: OrderViewRow, viewerId: number, coverUrl: string | null): Order {
  const role = sideOf(row, viewerId) ?? "buyer";
  const isBuyer = role === "buyer";
  const peer = isBuyer
    ? { id: row.sellerId, username: row.sellerUsername, nickname: row.sellerNickname, avatarUrl: row.sellerAvatarUrl }
    : { id: row.buyerId, username: row.buyerUsername, nickname: row.buyerNickname, avatarUrl: row.buyerAvatarUrl };
  const status = row.status as OrderStatus;
  return {
    id: String(row.id),
    goods: {
      id: String(row.goodsId ?? 0),
      title: row.currentTitle ?? row.goodsTitle,
      priceCents: row.currentPriceCents ?? row.priceCents,
      coverUrl,
      status: (row.goodsStatus ?? "sold") as GoodsStatus,
    },
    dealId: String(row.dealId),
    chatId: String(row.chatId ?? 0),
    buyerId: String(row.buyerId),
    sellerId: String(row.sellerId),
    role,
    peer: { ...peer, id: String(peer.id) },
    status,
    priceCents: row.priceCents,
    feeCents: row.feeCents,
    totalCents: row.totalCents,
    delivery: row.delivery as DeliveryMethod,
    address: row.address && (isBuyer || row.paidAt !== null) ? (JSON.parse(row.address) as OrderAddress) : null,
    carrier: row.carrier as Carrier | null,
    trackingNumber: row.trackingNumber,
    pickupCode: isBuyer && row.paidAt !== null && status !== "closed" ? row.pickupCode : null,
    pickupTriesLeft: Math.max(0, OrderLimits.pickupCodeTries - row.pickupFailures),
    payUrl: isBuyer && status === "awaiting_payment" ? row.payUrl : null,
    cancelRequestedAt: row.cancelRequestedAt,
    extended: row.extended === 1,
    dueAt: row.dueAt,
    dueTransition: row.dueTransition as OrderTransition | null,
    closeReason: row.closeReason as CloseReason | null,
    refund:
      row.refundId === null
        ? null
        : {
            id: String(row.refundId),
            status: row.refundStatus as RefundStatus,
            kind: row.refundKind as RefundKind,
            amountCents: row.refundAmountCents ?? 0,
          },
    actions: actionsFor(row, role),
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    shippedAt: row.shippedAt,
    completedAt: row.completedAt,
    closedAt: row.closedAt,
  };
}

export function toOrderEvent(row: OrderEventRow): OrderEvent {
  return {
    id: String(row.id),
    transition: row.transition as OrderEvent["transition"],
    actor: row.actor as OrderEvent["actor"],
    status: row.status as OrderStatus,
    note: row.note,
    createdAt: row.createdAt,
  };
}
