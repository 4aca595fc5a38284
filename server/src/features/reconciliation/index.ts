// Reconciliation's public face: each Beijing day's bill from the payment provider compared with
// the ledger (the daily job, `npm run ledger:reconcile`), and what the console and /metrics show.
export {
  beijingToday,
  dayAfter,
  isDay,
  listedMismatchCount,
  type ReconcileResult,
  reconcileDay,
  reconcileYesterday,
} from "./reconcile.js";
export { reconciliationRoutes } from "./reconciliation-routes.js";
