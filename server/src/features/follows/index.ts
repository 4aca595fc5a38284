// The follows feature's public face: what the rest of the server (other features, the app, jobs,
// plugins, commands, tests) may use of it. Everything else in this folder is its own.
export { deleteFollow } from "./follow-repository.js";
export { followCounts } from "./follow-service.js";
export { followRoutes } from "./routes.js";
