export * from "./accounts.js";
export * from "./chat.js";
export * from "./envelope.js";
export * from "./errors.js";
export * from "./goods.js";
export * from "./issues.js";
export * from "./limits.js";
export * from "./social.js";
