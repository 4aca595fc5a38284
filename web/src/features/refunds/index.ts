/** What the app shell and other features may use of refunds: one request, cached under its order too. */
export { type RefundActionArgs, refundsApi, useRefundQuery } from "./refunds-api";
