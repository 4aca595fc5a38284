import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { paths } from "../../app/paths";
import { notification } from "../../components/toasts";
import { chatApi } from "./chat-api";
import { messageText } from "./chat-messages";
import { onChatEvent } from "./chat-socket";

/**
 * A notification for each message from someone else, unless its conversation is on the screen;
 * one per chat, updated as more arrive. Clicking it opens the conversation.
 */
export function useMessageNotifications(): void {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const myId = useAppSelector((state) => state.auth.userInfo.id);
  const current = useRef({ location, myId });
  current.current = { location, myId };

  useEffect(
    () =>
      onChatEvent(async (event) => {
        if (event.kind !== "message") return;
        const { message } = event;
        const { location, myId } = current.current;
        if (message.senderId === myId) return;
        const showing =
          location.pathname === paths.chat && new URLSearchParams(location.search).get("chatId") === message.chatId;
        if (showing) return;
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
    [navigate, dispatch],
  );
}
