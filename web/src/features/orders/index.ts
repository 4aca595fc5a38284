/**
 * What the app shell and other features may use of orders: the socket's order frames' effect, and
 * the order a deal of the personal centre's lists is paid by.
 */
export { orderMoved } from "./order-cache";
export { useDealOrder } from "./order-lookup";
