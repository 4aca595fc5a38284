// The orders feature's public face: protected orders (担保交易) — the routes, the provider's
// webhook, the jobs that fire the timers, ask after payments and settle what is owed, and what
// the ledger check and the seller page read.

export { earningsRoutes } from "./earnings.js";
export { moveInTransaction, type OrderMove, recordStep, wrongStateError } from "./order-moves.js";
export { afterMove, checkOrdersLedger, settleOrder, takePaymentEvent } from "./order-payments.js";
export { expectedHeld, findOrder, type OrderRow, type OrderViewRow, protectedSalesOf } from "./order-repository.js";
export { orderRoutes } from "./order-routes.js";
export { feeOf, orderDetailSeenBy } from "./order-service.js";
export { fireDueOrderTimers, pollUnpaidOrders, remindOrders, settleOrders } from "./order-timers-sweep.js";
export { paymentWebhookRoutes } from "./payment-webhook-routes.js";
export { payoutAccountRoutes } from "./payout-account.js";
export { failedSettlementCount, settlementRoutes } from "./settlement-routes.js";
