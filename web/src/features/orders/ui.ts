/** The order UI other features compose: an order's card (the personal centre), its bar (a chat). */
export { OrderBar } from "./order-bar";
export { OrderCard } from "./order-card";
