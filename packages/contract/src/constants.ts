/**
 * The contract without its schemas: limits, labels, error codes and the plain types, for clients
 * that check nothing at run time. The web app imports its values from here
 * (`@xianzhi/contract/constants`), so zod stays out of its bundle; the package's main entry
 * exports all of this too.
 */
export * from "./errors.js";
export * from "./limits.js";
export * from "./values/accounts.js";
export * from "./values/brands.js";
export * from "./values/chat.js";
export * from "./values/discovery.js";
export * from "./values/envelope.js";
export * from "./values/goods.js";
export * from "./values/moderation.js";
export * from "./values/money.js";
export * from "./values/names.js";
export * from "./values/notification-lines.js";
export * from "./values/notifications.js";
export * from "./values/orders.js";
export * from "./values/own-data.js";
export * from "./values/processes.js";
export * from "./values/refunds.js";
export * from "./values/safety.js";
export * from "./values/sellers.js";
export * from "./values/social.js";
export * from "./values/trade.js";
