import { configureStore } from "@reduxjs/toolkit";
import type { Chat, ChatHistory, ChatMessage } from "@xianzhi/contract";
import type { Page } from "@xianzhi/contract/constants";
import { describe, expect, it, vi } from "vitest";
import { api } from "../../app/api";
import { envelope, fakeNetwork } from "../../components/test-support/fake-network";
import { authSlice, setUserInfo } from "../accounts";
import { CHAT_LIST_ARGS, chatApi, loadOlderMessages } from "./chat-api";
import { applyChatEvent } from "./chat-feed";
import { chatSlice, selectThread, setMyChatId } from "./chat-slice";

/**
 * The chat state against a real store and the real API layer, fed the socket's events as
 * chat-socket.ts passes them on; only the network is fake: each call waits until the test answers it.
 */

const { pending, answerNext } = fakeNetwork();

const ME = "1";
const PEER = "2";

const message = (id: number, chatId: string, senderId = PEER): ChatMessage => ({
  id: String(id),
  chatId,
  senderId,
  type: "text",
  content: `消息 ${id}`,
  createdAt: `2026-11-23T10:00:${String(id).padStart(2, "0")}.000Z`,
});

function chat(chatId: string, unreadCount: number, lastMessage: ChatMessage | null): Chat {
  return {
    chatId,
    peer: { id: PEER, nickname: "鲍勃" } as Chat["peer"],
    goods: null,
    lastMessage,
    unreadCount,
    peerReadUpTo: null,
    updatedAt: "2026-11-23T09:00:00.000Z",
  };
}

function signedInStore() {
  const store = configureStore({
    reducer: { auth: authSlice.reducer, chat: chatSlice.reducer, [api.reducerPath]: api.reducer },
    preloadedState: { auth: { token: "token-of-a-signed-in-user", userInfo: { id: ME } } },
    middleware: (defaults) => defaults().concat(api.middleware),
  });
  const ids = (chatId: string) => selectThread(store.getState(), chatId).messages.map((m) => m.id);
  return { store, ids };
}

describe("a chat's history", () => {
  it("is read into the chat state, with a message that came live while it was on its way; the cache keeps no copy", async () => {
    const { store, ids } = signedInStore();
    const opening = store.dispatch(chatApi.endpoints.chatHistory.initiate("7"));
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    store.dispatch(applyChatEvent({ kind: "message", message: message(3, "7") }));
    expect(ids("7")).toEqual(["3"]);

    const request = await answerNext(
      "/api/chat/getlist",
      envelope({ list: [message(2, "7"), message(1, "7")], hasMore: true } satisfies ChatHistory),
    );
    expect(new URL(request?.url ?? "").searchParams.get("chatId")).toBe("7");
    await opening;
    expect(ids("7")).toEqual(["1", "2", "3"]);
    expect(selectThread(store.getState(), "7").hasMore).toBe(true);
    expect(chatApi.endpoints.chatHistory.select("7")(store.getState()).data).toBeNull();

    const older = store.dispatch(loadOlderMessages("7", "1"));
    const olderRequest = await answerNext("/api/chat/getlist", envelope({ list: [message(0, "7")], hasMore: false }));
    expect(new URL(olderRequest?.url ?? "").searchParams.get("before")).toBe("1");
    await older;
    expect(ids("7")).toEqual(["0", "1", "2", "3"]);
    expect(selectThread(store.getState(), "7").hasMore).toBe(false);
    opening.unsubscribe();
  });

  it("read for an account that has signed out since goes nowhere", async () => {
    const { store, ids } = signedInStore();
    const opening = store.dispatch(chatApi.endpoints.chatHistory.initiate("7"));
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    store.dispatch(authSlice.actions.setToken(""));
    await answerNext("/api/chat/getlist", envelope({ list: [message(1, "7")], hasMore: false }));
    await opening;
    expect(ids("7")).toEqual([]);
    opening.unsubscribe();
  });
});

describe("a live message and the chat list", () => {
  /** A store whose chat list shows chats 7 and 8 (8 on top, 7 with one unread), 1 unread in all. */
  async function storeWithList() {
    const { store, ids } = signedInStore();
    const page: Page<Chat> = {
      list: [chat("8", 0, message(5, "8")), chat("7", 1, message(4, "7"))],
      total: 2,
      page: 1,
      pageSize: CHAT_LIST_ARGS.pageSize,
    };
    const list = store.dispatch(chatApi.endpoints.chats.initiate(CHAT_LIST_ARGS));
    await answerNext("/api/mychatlist/getlist", envelope(page));
    await list;
    const total = store.dispatch(chatApi.endpoints.unreadTotal.initiate());
    await answerNext("/api/mychatlist/unread", envelope({ unreadTotal: 1 }));
    await total;
    const read = () => ({
      list: chatApi.endpoints.chats
        .select(CHAT_LIST_ARGS)(store.getState())
        .data?.list.map((item) => `${item.chatId}:${item.unreadCount}:${item.lastMessage?.id}`),
      total: chatApi.endpoints.unreadTotal.select()(store.getState()).data?.unreadTotal,
      updateMyChatList: store.getState().chat.updateMyChatList,
    });
    return { store, ids, read };
  }

  it("moves its chat to the top as its last message, one more unread, without reading the list again", async () => {
    const { store, read, ids } = await storeWithList();
    store.dispatch(applyChatEvent({ kind: "message", message: message(6, "7") }));
    expect(read()).toEqual({ list: ["7:2:6", "8:0:5"], total: 2, updateMyChatList: false });
    expect(ids("7")).toEqual(["6"]);
    // The same message again (pushed twice, or the list read after it was stored) counts once.
    store.dispatch(applyChatEvent({ kind: "message", message: message(6, "7") }));
    expect(read()).toEqual({ list: ["7:2:6", "8:0:5"], total: 2, updateMyChatList: false });
    expect(pending).toHaveLength(0);
  });

  it("counts nothing unread for the chat on the screen, and mine reads the chat as the server has it", async () => {
    const { store, read } = await storeWithList();
    store.dispatch(setMyChatId("8"));
    store.dispatch(applyChatEvent({ kind: "message", message: message(6, "8") }));
    expect(read()).toEqual({ list: ["8:0:6", "7:1:4"], total: 1, updateMyChatList: false });
    store.dispatch(applyChatEvent({ kind: "message", message: message(7, "7", ME) }));
    expect(read()).toEqual({ list: ["7:0:7", "8:0:6"], total: 0, updateMyChatList: false });
  });

  it("flags the list for reading again when its chat is not in it (a new conversation)", async () => {
    const { store, read, ids } = await storeWithList();
    store.dispatch(applyChatEvent({ kind: "message", message: message(9, "12") }));
    expect(read()).toEqual({ list: ["8:0:5", "7:1:4"], total: 2, updateMyChatList: true });
    expect(ids("12")).toEqual(["9"]);
  });
});

describe("my messages and the socket", () => {
  it("takes the ack in place of the pending message, and a failure as the chat's error", () => {
    const { store, ids } = signedInStore();
    store.dispatch(setUserInfo({ id: ME }));
    store.dispatch(chatSlice.actions.sendingMessage({ chatId: "7", clientMsgId: "c1", type: "text", content: "你好" }));
    store.dispatch(chatSlice.actions.sendingMessage({ chatId: "7", clientMsgId: "c2", type: "text", content: "在吗" }));
    store.dispatch(
      applyChatEvent({ kind: "failed", chatId: "7", clientMsgId: "c2", reason: "发送太快了，请稍后再试" }),
    );
    expect(store.getState().chat.error).toBe("发送太快了，请稍后再试");
    store.dispatch(applyChatEvent({ kind: "ack", clientMsgId: "c1", message: message(3, "7", ME) }));
    expect(ids("7")).toEqual(["3"]);
    expect(selectThread(store.getState(), "7").outgoing).toMatchObject([{ clientMsgId: "c2", status: "failed" }]);
    expect(store.getState().chat.error).toBe("");
  });

  it("takes the outbox's word on a message: waiting for the network, back from its store, on its way again", () => {
    const { store } = signedInStore();
    const frame = { type: "send", chatId: "7", msgType: "text", content: "离线写的", clientMsgId: "c1" } as const;
    store.dispatch(
      chatSlice.actions.sendingMessage({ chatId: "7", clientMsgId: "c1", type: "text", content: "离线写的" }),
    );
    store.dispatch(applyChatEvent({ kind: "outgoing", frame, status: { state: "waiting" } }));
    expect(selectThread(store.getState(), "7").outgoing).toEqual([
      { clientMsgId: "c1", type: "text", content: "离线写的", status: "waiting" },
    ]);
    store.dispatch(
      applyChatEvent({
        kind: "outgoing",
        frame: { ...frame, chatId: "8", clientMsgId: "c2" },
        status: { state: "failed", reason: "发送超时，请重发" },
      }),
    );
    expect(selectThread(store.getState(), "8").outgoing).toEqual([
      { clientMsgId: "c2", type: "text", content: "离线写的", status: "failed", error: "发送超时，请重发" },
    ]);
    expect(store.getState().chat.error).toBe("");
    store.dispatch(applyChatEvent({ kind: "outgoing", frame, status: { state: "sending" } }));
    expect(selectThread(store.getState(), "7").outgoing).toMatchObject([{ clientMsgId: "c1", status: "sending" }]);
  });
});
