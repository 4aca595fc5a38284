/** What the app shell and other features may use of chat: its state, the socket, its news and notification hooks. */
export { useOpenChatMutation, useUnreadTotalQuery } from "./chat-api";
export { useChatSocket } from "./chat-feed";
export { chatSlice } from "./chat-slice";
export { onSocketNews, type SocketNews } from "./chat-socket";
export { useMessageNotifications } from "./message-notifications";
