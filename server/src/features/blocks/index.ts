// The blocks feature's public face: what the rest of the server (other features, the app, jobs,
// plugins, commands, tests) may use of it. Everything else in this folder is its own. What a block
// means to other features is block-checks'.
export { blockRoutes } from "./routes.js";
