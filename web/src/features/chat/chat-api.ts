import type { Chat, ChatHistory, CreateChatBody, PageQuery } from "@xianzhi/contract";
import { ChatLimits, type Page, type SendableMessageType } from "@xianzhi/contract/constants";
import { api } from "../../app/api";
import type { AppDispatch } from "../../app/store";
import { type ChatEvent, submitMessage } from "./chat-socket";
import {
  acknowledge,
  addOutgoing,
  type ChatThread,
  fetchMissed,
  markFailed,
  mergeMessages,
  mergeMissed,
  mergeOlderPage,
  newestMessageId,
  threadFromPage,
} from "./chat-thread";
import { feedFromSocket } from "./socket-fed-entry";

/** What one socket event changes in the thread of `chatId` (nothing when it is about another chat). */
function applyEvent(thread: ChatThread, chatId: string, event: ChatEvent): void {
  if (event.kind === "message" && event.message.chatId === chatId) mergeMessages(thread, [event.message]);
  else if (event.kind === "ack" && event.message.chatId === chatId)
    acknowledge(thread, event.clientMsgId, event.message);
  else if (event.kind === "failed" && event.chatId === chatId) markFailed(thread, event.clientMsgId, event.reason);
}

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    chats: build.query<Page<Chat>, Partial<PageQuery>>({
      query: (params) => ({ url: "/mychatlist/getlist", params }),
      providesTags: ["Chats"],
    }),
    unreadTotal: build.query<{ unreadTotal: number }, void>({
      query: () => "/mychatlist/unread",
      providesTags: ["Chats"],
    }),
    openChat: build.mutation<Chat, CreateChatBody>({
      query: (body) => ({ url: "/mychatlist/create", method: "POST", body }),
      invalidatesTags: ["Chats"],
    }),
    setRead: build.mutation<null, string>({
      query: (chatId) => ({ url: "/mychatlist/setread", method: "PUT", body: { chatId } }),
      invalidatesTags: ["Chats"],
    }),
    /** One page of history, older than `before`: for loading upwards and for the catch-up. */
    historyPage: build.query<ChatHistory, { chatId: string; before?: string }>({
      query: ({ chatId, before }) => ({
        url: "/chat/getlist",
        params: { chatId, before, pageSize: ChatLimits.historyPageSize },
      }),
      keepUnusedDataFor: 0,
    }),
    /**
     * The one store of a chat's messages, by chat id: the newest page of history, then kept
     * current by the socket (live messages, acks of mine, failures, catch-up after a reconnect).
     */
    thread: build.query<ChatThread, string>({
      query: (chatId) => ({ url: "/chat/getlist", params: { chatId, pageSize: ChatLimits.historyPageSize } }),
      transformResponse: (page: ChatHistory) => threadFromPage(page),
      onCacheEntryAdded: (chatId, entry) =>
        feedFromSocket(
          entry,
          (event) => (thread) => applyEvent(thread, chatId, event),
          () =>
            fetchMissed(
              (before) => fetchHistoryPage(entry.dispatch, chatId, before),
              newestMessageId(entry.getCacheEntry().data),
            ).then((messages) => entry.updateCachedData((thread) => mergeMissed(thread, messages))),
        ),
    }),
  }),
});

function fetchHistoryPage(dispatch: AppDispatch, chatId: string, before?: string): Promise<ChatHistory> {
  const request = dispatch(
    chatApi.endpoints.historyPage.initiate({ chatId, before }, { subscribe: false, forceRefetch: true }),
  );
  return request.unwrap();
}

/** Loads the page before the oldest message shown into the chat's thread. */
export function loadOlderMessages(chatId: string, before: string) {
  return async (dispatch: AppDispatch) => {
    const page = await fetchHistoryPage(dispatch, chatId, before);
    dispatch(chatApi.util.updateQueryData("thread", chatId, (thread) => mergeOlderPage(thread, page)));
  };
}

/** Shows my message at once as 发送中 and sends it; `clientMsgId` of a failed one sends it again. */
export function sendMessage(
  chatId: string,
  type: SendableMessageType,
  content: string,
  clientMsgId: string = crypto.randomUUID(),
) {
  return (dispatch: AppDispatch) => {
    dispatch(
      chatApi.util.updateQueryData("thread", chatId, (thread) => addOutgoing(thread, { clientMsgId, type, content })),
    );
    submitMessage({ type: "send", chatId, msgType: type, content, clientMsgId });
  };
}

export const { useChatsQuery, useUnreadTotalQuery, useOpenChatMutation, useSetReadMutation, useThreadQuery } = chatApi;
