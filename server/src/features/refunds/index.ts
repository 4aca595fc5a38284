// The refunds feature's public face: after-sale refunds (售后) and the disputes moderators rule
// on — the routes, the job that fires their timers, and what /metrics and the seller page read.

export { disputeRoutes } from "./dispute-routes.js";
export { overdueDisputes } from "./dispute-service.js";
export { refundCountsOf } from "./refund-repository.js";
export { refundRoutes } from "./refund-routes.js";
export { fireDueRefundTimers } from "./refund-timers-sweep.js";
