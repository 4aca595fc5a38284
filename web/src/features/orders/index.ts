/**
 * What the app shell and other features may use of orders: the socket's order frames' effect, the
 * order a deal of the personal centre's lists is paid by, one order (a refund's page names its
 * goods), what an order moving on changes in the cache, and the rules a refund's forms share with
 * the order's (countdowns, amounts in yuan).
 */
export { orderMoved } from "./order-cache";
export { useDealOrder } from "./order-lookup";
export { durationText } from "./order-rules";
export { orderChangedTags, useOrderQuery } from "./orders-api";
export { centsToYuan, checkRefundAmount, isRefundOpen } from "./refund-request-rules";
