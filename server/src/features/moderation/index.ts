// The moderation feature's public face: what the rest of the server (other features, the app, jobs,
// plugins, commands, tests) may use of it. Everything else in this folder is its own.
export { requireModerator } from "./admin-guard.js";
export { adminRoutes } from "./admin-routes.js";
export { writeLog } from "./moderation-log.js";
export { moderationRoutes } from "./routes.js";
