/** The notification UI other features compose: the settings in the personal centre. */
export { NotificationSettingsPanel } from "./notification-settings";
