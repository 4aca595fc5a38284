// The saved-searches feature's public face: what the rest of the server (other features, the app, jobs,
// plugins, commands, tests) may use of it. Everything else in this folder is its own.
export { savedSearchRoutes } from "./routes.js";
export { matchSavedSearches } from "./saved-search-matcher.js";
export { criteriaText } from "./search-criteria.js";
