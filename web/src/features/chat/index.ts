/** What the app shell and other features may use of chat: its state, the socket, its news and notification hooks. */
export { useOpenChatMutation, useUnreadTotalQuery } from "./chat-api";
export { useChatSocket } from "./chat-feed";
/** A message as one line of text (the console quotes chats with it). */
export { messageText } from "./chat-messages";
export { chatSlice } from "./chat-slice";
export { onSocketNews, type SocketNews } from "./chat-socket";
export { useMessageNotifications } from "./message-notifications";
