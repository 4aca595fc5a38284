// The chat feature's public face: what the rest of the server (other features, the app, jobs,
// plugins, commands, tests) may use of it. Everything else in this folder is its own.

export { pairKey } from "./chat-repository.js";
export { ensureChat, openChat, peerInChat, sendMessage, storeProductMessage } from "./chat-service.js";
export { chatRoutes } from "./routes.js";
export { chatSocketRoutes, closeSocketsForRestart } from "./socket.js";
