/**
 * The order UI other features compose: its bar (a chat), and what a deal's card shows of the order
 * that pays it (the personal centre): its state and its next step.
 */
export { OrderBar } from "./order-bar";
export { OrderNextStep } from "./order-next-step";
export { OrderStatusTag } from "./order-status";
