// The notifications feature's public face: what the rest of the server (other features, the app, jobs,
// plugins, commands, tests) may use of it. Everything else in this folder is its own.
export { sendDigests } from "./email-digest.js";
export type { NotificationDraft, NotificationOutbox } from "./notification-service.js";
export { purgeOldNotifications, storingOutbox } from "./notification-service.js";
export type { Notifier } from "./notifier.js";
export { createNotifier } from "./notifier.js";
export type { WebPush } from "./push-service.js";
export { openWebPush } from "./push-service.js";
export { notificationRoutes } from "./routes.js";
