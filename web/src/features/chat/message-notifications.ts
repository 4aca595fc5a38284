import { useEffect } from "react";
import { useStore } from "react-redux";
import { useNavigate } from "react-router";
import { useAppDispatch } from "../../app/hooks";
import { paths } from "../../app/paths";
import type { RootState } from "../../app/store";
import { notification } from "../../components/toasts";
import { chatApi } from "./chat-api";
import { messageText } from "./chat-messages";
import { onChatEvent } from "./chat-socket";

/**
 * A notification for each message from someone else, unless its conversation is on the screen
 * (the chat state's `myChatId`); one per chat, updated as more arrive. Clicking it opens the
 * conversation.
 */
export function useMessageNotifications(): void {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();

  useEffect(
    () =>
      onChatEvent(async (event) => {
        if (event.kind !== "message") return;
        const { message } = event;
        const { auth, chat } = store.getState();
        if (message.senderId === auth.userInfo.id || message.chatId === chat.myChatId) return;
        const key = `chat-${message.chatId}`;
        // Who wrote: the newest chats, read afresh (the message has just moved its chat to the top).
        const request = dispatch(chatApi.endpoints.chats.initiate({ page: 1, pageSize: 20 }, { forceRefetch: true }));
        const chats = await request.finally(() => request.unsubscribe());
        const sender = chats.data?.list.find((chat) => chat.chatId === message.chatId)?.peer.nickname;
        notification.open({
          key,
          title: sender ? `${sender} 发来新消息` : "新消息",
          description: messageText(message),
          className: "message-notification",
          onClick: () => {
            notification.destroy(key);
            navigate(`${paths.chat}?chatId=${message.chatId}`);
          },
        });
      }),
    [navigate, dispatch, store],
  );
}
