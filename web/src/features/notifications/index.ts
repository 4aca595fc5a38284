/** What the app shell may use of notifications: the bell's count (kept live by the socket). */
export { useNotificationsUnreadQuery } from "./notifications-api";
