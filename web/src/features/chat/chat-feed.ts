import type { ChatMessage } from "@xianzhi/contract";
import { useEffect } from "react";
import { useAppDispatch } from "../../app/hooks";
import type { AppDispatch, RootState } from "../../app/store";
import { CHAT_LIST_ARGS, chatApi } from "./chat-api";
import { showNewMessage, unreadOfUnlisted } from "./chat-list";
import {
  messageAcknowledged,
  messageFailed,
  outgoingChanged,
  receiveMessages,
  setUpdateMyChatList,
} from "./chat-slice";
import { type ChatEvent, onChatEvent, useChatConnection } from "./chat-socket";

/**
 * A live message: into its chat's messages, and into the chat list and the unread total as the
 * server counts it, so that neither is read again for it. A chat the list does not show (a new
 * conversation) flags the list to be read again (`updateMyChatList`).
 */
export function receiveLiveMessage(message: ChatMessage) {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    dispatch(receiveMessages({ chatId: message.chatId, messages: [message] }));
    const state = getState();
    const arrival = {
      mine: message.senderId === state.auth.userInfo.id,
      onScreen: state.chat.myChatId === message.chatId,
    };
    let unreadChange: number | undefined;
    dispatch(
      chatApi.util.updateQueryData("chats", CHAT_LIST_ARGS, (list) => {
        unreadChange = showNewMessage(list, message, arrival);
      }),
    );
    if (unreadChange === undefined) {
      dispatch(setUpdateMyChatList(true));
      unreadChange = unreadOfUnlisted(arrival);
    }
    const change = unreadChange;
    if (change !== 0)
      dispatch(
        chatApi.util.updateQueryData("unreadTotal", undefined, (total) => {
          total.unreadTotal = Math.max(0, total.unreadTotal + change);
        }),
      );
  };
}

/**
 * What a chat event changes in the chat state (offers, deals and reopenings are heard elsewhere):
 * messages, acks, failures, and the outbox's word on my messages (waiting, sending again, restored).
 */
export function applyChatEvent(event: ChatEvent) {
  return (dispatch: AppDispatch) => {
    if (event.kind === "message") dispatch(receiveLiveMessage(event.message));
    else if (event.kind === "ack")
      dispatch(messageAcknowledged({ clientMsgId: event.clientMsgId, message: event.message }));
    else if (event.kind === "failed")
      dispatch(messageFailed({ chatId: event.chatId, clientMsgId: event.clientMsgId, reason: event.reason }));
    else if (event.kind === "outgoing") {
      const { frame, status } = event;
      dispatch(
        outgoingChanged({
          chatId: frame.chatId,
          clientMsgId: frame.clientMsgId,
          type: frame.msgType,
          content: frame.content,
          status: status.state,
          ...(status.state === "failed" ? { error: status.reason } : {}),
        }),
      );
    }
  };
}

/**
 * The chat socket of the signed-in user (chat-socket.ts), its messages, acks and failures going
 * into the chat state for every screen to read from there.
 */
export function useChatSocket(onSessionEnded: () => void): void {
  useChatConnection(onSessionEnded);
  const dispatch = useAppDispatch();
  useEffect(() => onChatEvent((event) => dispatch(applyChatEvent(event))), [dispatch]);
}
