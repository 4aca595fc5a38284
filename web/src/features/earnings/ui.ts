/** The earnings UI others compose: its row atop the personal centre's 我卖出的. */
export { EarningsRow } from "./earnings-row";
