import type { Chat, ChatHistory, ChatHistoryQuery, CreateChatBody, Page, PageQuery } from "@xianzhi/contract";
import { api } from "../../app/api";

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
    history: build.query<ChatHistory, Partial<ChatHistoryQuery> & { chatId: string }>({
      query: (params) => ({ url: "/chat/getlist", params }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useChatsQuery, useUnreadTotalQuery, useOpenChatMutation, useSetReadMutation, useLazyHistoryQuery } =
  chatApi;
