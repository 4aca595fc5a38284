// The deals feature's public face: what the rest of the server (other features, the app, jobs,
// plugins, commands, tests) may use of it. Everything else in this folder is its own.
export { completedSalesOf } from "./deal-list.js";
export type { DealRow } from "./deal-mapper.js";
export { toDeal } from "./deal-mapper.js";
export { findDeal, insertDeal, newestDealOfChat, reservedDealOfGoods, setOrderOfDeal } from "./deal-repository.js";
export { dealRoutes } from "./deal-routes.js";
export { completeDeal, endDealOfOrder } from "./deal-service.js";
