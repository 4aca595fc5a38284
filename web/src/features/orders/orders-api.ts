import type {
  CreateRefundBody,
  Order,
  OrderDetail,
  OrderPage,
  OrderRole,
  PickupBody,
  Refund,
  ShipOrderBody,
} from "@xianzhi/contract";
import { api } from "../../app/api";
import type { OrderAction } from "./order-rules";

/** The personal centre's lists look their orders up in one page of this many, the newest. */
export const ORDERS_LOOKUP_SIZE = 50;

/** Each action's address under /orders/{id}/. */
const ACTION_PATHS: Record<OrderAction, string> = {
  cancel: "cancel",
  requestCancel: "request-cancel",
  refund: "refund",
  ship: "ship",
  extend: "extend",
  confirm: "confirm",
  pickup: "pickup",
};

export type OrderActionArgs =
  | { orderId: string; action: "ship"; body: ShipOrderBody }
  | { orderId: string; action: "pickup"; body: PickupBody }
  | { orderId: string; action: Exclude<OrderAction, "ship" | "pickup"> };

/**
 * What an order moving on changes: the order (its page, its card), the order lists, the deal lists
 * and the chats' trades (the deal an order pays follows it: reserved, sold, cancelled), the seller's
 * goods; and, when the order is known, its goods (on sale again, sold) and the seller's figures.
 */
export function orderChangedTags(orderId: string, order?: Pick<Order, "goods" | "sellerId">) {
  return [
    { type: "Order" as const, id: orderId },
    "Orders" as const,
    "Deals" as const,
    "ChatTrade" as const,
    "MyGoods" as const,
    ...(order
      ? [
          { type: "Goods" as const, id: order.goods.id },
          { type: "Seller" as const, id: order.sellerId },
        ]
      : []),
  ];
}

/**
 * Protected orders (担保交易): the lists by side, one order with its timeline, and what its two
 * sides do to it. The server says which actions the caller may take (`actions`); the socket's
 * `order` frames (orderMoved, order-cache.ts) refresh an order wherever it shows.
 */
export const ordersApi = api.enhanceEndpoints({ addTagTypes: ["Order", "Orders"] }).injectEndpoints({
  endpoints: (build) => ({
    /** 我买到的 / 我卖出的 as orders, newest first. */
    orders: build.query<OrderPage, { role: OrderRole; page: number; pageSize: number }>({
      query: (params) => ({ url: "/orders", params }),
      providesTags: (page) => [
        "Orders",
        ...(page?.list ?? []).map((order) => ({ type: "Order" as const, id: order.id })),
      ],
    }),
    /** One order as the caller sees it, with its timeline. */
    order: build.query<OrderDetail, string>({
      query: (orderId) => `/orders/${orderId}`,
      providesTags: (_order, _error, orderId) => [{ type: "Order", id: orderId }],
    }),
    /**
     * Any action of `order.actions`; the answer is the order after it, which is read again with its
     * timeline. A refusal reads the order again too: it may have moved meanwhile (a timer, the other
     * side), or counted a wrong pickup code.
     */
    actOnOrder: build.mutation<Order, OrderActionArgs>({
      query: (args) => ({
        url: `/orders/${args.orderId}/${ACTION_PATHS[args.action]}`,
        method: "POST",
        ...("body" in args ? { body: args.body } : {}),
      }),
      invalidatesTags: (order, _error, { orderId }) =>
        order ? orderChangedTags(orderId, order) : [{ type: "Order", id: orderId }],
    }),
    /**
     * 申请退款 (售后): the buyer of a shipped order asks for a refund, once (order.actions has
     * requestRefund). The order pauses its receiving timer and shows the request; its page
     * (features/refunds) is the request's own.
     */
    requestRefund: build.mutation<Refund, { orderId: string; body: CreateRefundBody }>({
      query: ({ orderId, body }) => ({ url: `/orders/${orderId}/refund-request`, method: "POST", body }),
      invalidatesTags: (_refund, _error, { orderId }) => orderChangedTags(orderId),
    }),
  }),
});

export const { useOrdersQuery, useOrderQuery, useActOnOrderMutation, useRequestRefundMutation } = ordersApi;
