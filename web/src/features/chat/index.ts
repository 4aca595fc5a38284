/** What the app shell and other features may use of chat: its state, the socket and notification hooks. */
export { useOpenChatMutation, useUnreadTotalQuery } from "./chat-api";
export { chatSlice } from "./chat-slice";
export { useChatSocket } from "./chat-socket";
export { useMessageNotifications } from "./message-notifications";
