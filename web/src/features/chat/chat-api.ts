import type { Chat, ChatHistory, CreateChatBody, PageQuery } from "@xianzhi/contract";
import { ChatLimits, type Page, type SendableMessageType } from "@xianzhi/contract/constants";
import { api } from "../../app/api";
import type { ApiError } from "../../app/api-error";
import type { AppDispatch, RootState } from "../../app/store";
import { receiveMissed, receiveOlderPage, replaceMessages, selectNewestMessageId, sendingMessage } from "./chat-slice";
import { submitMessage } from "./chat-socket";
import { fetchMissed } from "./chat-thread";
import { catchUpWhileCached } from "./socket-fed-entry";

/** The chat list the chat screen shows: the one a message for an unknown chat makes read again. */
export const CHAT_LIST_ARGS = { page: 1, pageSize: 100 } satisfies PageQuery;

type GetState = () => unknown;

/**
 * Whether an answer read for the account signed in when it was asked may still go into the store:
 * after a sign-out or a sign-in as someone else (a new token, which clears the chats: chat-slice.ts)
 * it belongs to nobody on the screen.
 */
function sameSession(getState: GetState): () => boolean {
  const token = (getState() as RootState).auth.token;
  return () => (getState() as RootState).auth.token === token;
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
    /**
     * One page of history, older than `before`: for loading upwards and for the catch-up. Its
     * answer passes through into the chat state and is dropped from the cache at once.
     */
    historyPage: build.query<ChatHistory, { chatId: string; before?: string }>({
      query: ({ chatId, before }) => ({
        url: "/chat/getlist",
        params: { chatId, before, pageSize: ChatLimits.historyPageSize },
      }),
      keepUnusedDataFor: 0,
    }),
    /**
     * Opens a chat's messages: reads the newest page of history INTO the chat state
     * (`replaceMessages`), where the socket's frames go too, and, while the chat is cached, reads
     * again what was pushed while the socket was down. The cache entry holds no message (its data
     * is null): it gives the screen its loading state and the catch-up its lifetime.
     */
    chatHistory: build.query<null, string>({
      async queryFn(chatId, { dispatch, getState }, _extra, baseQuery) {
        const stillMine = sameSession(getState);
        const result = await baseQuery({
          url: "/chat/getlist",
          params: { chatId, pageSize: ChatLimits.historyPageSize },
        });
        if (result.error) return { error: result.error as ApiError };
        if (stillMine()) dispatch(replaceMessages({ chatId, page: result.data as ChatHistory }));
        return { data: null };
      },
      onCacheEntryAdded: (chatId, entry) =>
        catchUpWhileCached(entry, async () => {
          const stillMine = sameSession(entry.getState);
          const newestKnown = selectNewestMessageId(entry.getState() as RootState, chatId);
          const missed = await fetchMissed((before) => fetchHistoryPage(entry.dispatch, chatId, before), newestKnown);
          if (stillMine()) entry.dispatch(receiveMissed({ chatId, page: missed }));
        }),
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
  return async (dispatch: AppDispatch, getState: GetState) => {
    const stillMine = sameSession(getState);
    const page = await fetchHistoryPage(dispatch, chatId, before);
    if (stillMine()) dispatch(receiveOlderPage({ chatId, page }));
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
    dispatch(sendingMessage({ chatId, clientMsgId, type, content }));
    submitMessage({ type: "send", chatId, msgType: type, content, clientMsgId });
  };
}

export const { useChatsQuery, useUnreadTotalQuery, useOpenChatMutation, useSetReadMutation, useChatHistoryQuery } =
  chatApi;
