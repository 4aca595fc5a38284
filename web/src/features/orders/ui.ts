/**
 * The order UI other features compose: its bar (a chat), what a deal's card shows of the order
 * that pays it (the personal centre): its state and its next step; its timeline (a dispute's
 * detail), the photo picker of its refund request (a refund's answers use it too), and the
 * carrier and tracking number form (a refund's return uses it too).
 */
export { type EvidencePhoto, EvidencePhotos } from "./evidence-photos";
export { OrderBar } from "./order-bar";
export { OrderNextStep } from "./order-next-step";
export { OrderStatusTag } from "./order-status";
export { OrderTimeline } from "./order-timeline";
export { TrackingForm } from "./ship-sheet";
