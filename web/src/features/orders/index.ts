/** What the app shell and other features may use of orders: the socket's order frames' effect. */
export { orderMoved } from "./order-cache";
