import type { UnknownAction } from "@reduxjs/toolkit";
import type { ChatHistory, ChatMessage } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import { setToken } from "../accounts";
import {
  type ChatState,
  chatSlice,
  initialChatState,
  messageAcknowledged,
  messageFailed,
  outgoingChanged,
  receiveMessages,
  receiveMissed,
  receiveOlderPage,
  replaceMessages,
  selectErrorToShow,
  selectThread,
  sendingMessage,
  setConnection,
  setConnectionStatus,
  setError,
  setMyChatId,
  setUpdateMyChatList,
} from "./chat-slice";
import { fetchMissed } from "./chat-thread";

const CHAT = "7";

const message = (id: number, content = `消息 ${id}`, chatId = CHAT): ChatMessage => ({
  id: String(id),
  chatId,
  senderId: "1",
  type: "text",
  content,
  createdAt: "2026-11-23T10:00:00.000Z",
});

/** A server page: newest first, older than `before`. */
function serverPage(all: ChatMessage[], pageSize: number, before?: string): ChatHistory {
  const older = all.filter((m) => before === undefined || Number(m.id) < Number(before)).reverse();
  return { list: older.slice(0, pageSize), hasMore: older.length > pageSize };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

/** The chat state after `actions`, from the initial one (or `from`), through the slice's reducer. */
const after = (actions: UnknownAction[], from: ChatState = initialChatState) => actions.reduce(chatSlice.reducer, from);

const thread = (state: ChatState, chatId = CHAT) => selectThread({ chat: state }, chatId);
const ids = (state: ChatState, chatId = CHAT) => thread(state, chatId).messages.map((m) => m.id);

describe("the chat state", () => {
  it("starts as the product spec says: no messages, nothing to refresh, no chat, no error, no connection", () => {
    expect(chatSlice.reducer(undefined, { type: "init" })).toEqual({
      messages: {},
      updateMyChatList: false,
      myChatId: "",
      error: "",
      connection: null,
      connectionStatus: "idle",
    });
    expect(thread(initialChatState)).toEqual({ messages: [], hasMore: false, outgoing: [] });
  });

  it("records the connection and its status, and forgets the connection", () => {
    const connection = { url: "ws://127.0.0.1/api/ws", openedAt: "2026-11-23T10:00:00.000Z" };
    let state = after([setConnectionStatus("connecting"), setConnection(connection), setConnectionStatus("open")]);
    expect(state.connection).toEqual(connection);
    expect(state.connectionStatus).toBe("open");
    state = after([setConnectionStatus("closed")], state);
    expect(state.connection).toEqual(connection);
    expect(state.connectionStatus).toBe("closed");
    state = after([setConnectionStatus("offline")], state);
    expect(state.connectionStatus).toBe("offline");
    state = after([setConnection(null), setConnectionStatus("idle")], state);
    expect(state.connection).toBeNull();
    expect(state.connectionStatus).toBe("idle");
  });

  it("flags the chat list for reading again and clears the flag", () => {
    expect(after([setUpdateMyChatList(true)]).updateMyChatList).toBe(true);
    expect(after([setUpdateMyChatList(true), setUpdateMyChatList(false)]).updateMyChatList).toBe(false);
  });

  it("sets the chat on the screen and clears it on leaving", () => {
    expect(after([setMyChatId(CHAT)]).myChatId).toBe(CHAT);
    expect(after([setMyChatId(CHAT), setMyChatId("9")]).myChatId).toBe("9");
    expect(after([setMyChatId(CHAT), setMyChatId("")]).myChatId).toBe("");
  });

  it("records an error and clears it when dismissed", () => {
    const state = after([setError("发送太快了，请稍后再试")]);
    expect(state.error).toBe("发送太快了，请稍后再试");
    expect(after([setError("")], state).error).toBe("");
  });
});

describe("a chat's messages in the chat state", () => {
  it("holds the newest page oldest first, then older pages above it, each message once", () => {
    const all = range(1, 5);
    let state = after([replaceMessages({ chatId: CHAT, page: serverPage(all, 2) })]);
    expect(ids(state)).toEqual(["4", "5"]);
    expect(thread(state).hasMore).toBe(true);

    state = after(
      [
        receiveOlderPage({ chatId: CHAT, page: serverPage(all, 2, "4") }),
        receiveOlderPage({ chatId: CHAT, page: serverPage(all, 3, "3") }),
      ],
      state,
    );
    expect(ids(state)).toEqual(["1", "2", "3", "4", "5"]);
    expect(thread(state).hasMore).toBe(false);
  });

  it("keeps each chat's messages under its own id", () => {
    const state = after([
      replaceMessages({ chatId: CHAT, page: serverPage(range(1, 2), 10) }),
      receiveMessages({ chatId: "9", messages: [message(3, "别的会话", "9")] }),
    ]);
    expect(ids(state)).toEqual(["1", "2"]);
    expect(ids(state, "9")).toEqual(["3"]);
  });

  it("takes a live message once, however often it arrives", () => {
    const state = after([
      replaceMessages({ chatId: CHAT, page: serverPage(range(1, 2), 10) }),
      receiveMessages({ chatId: CHAT, messages: [message(3)] }),
      receiveMessages({ chatId: CHAT, messages: [message(3)] }),
    ]);
    expect(ids(state)).toEqual(["1", "2", "3"]);
  });

  it("merges a history page with live messages that came first: in order, none twice", () => {
    // Messages 6 and 7 came live while the newest page (5 6) was on its way; then older pages.
    const all = range(1, 7);
    let state = after([
      receiveMessages({ chatId: CHAT, messages: [message(6)] }),
      receiveMessages({ chatId: CHAT, messages: [message(7)] }),
      replaceMessages({ chatId: CHAT, page: serverPage(range(1, 6), 2) }),
    ]);
    expect(ids(state)).toEqual(["5", "6", "7"]);
    expect(thread(state).hasMore).toBe(true);
    state = after([receiveOlderPage({ chatId: CHAT, page: serverPage(all, 10, "5") })], state);
    expect(ids(state)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect(thread(state).hasMore).toBe(false);
  });

  it("replaces what was received by the newest page when the chat opens again, keeping my messages on their way", () => {
    let state = after([
      replaceMessages({ chatId: CHAT, page: serverPage(range(1, 6), 10) }),
      sendingMessage({ chatId: CHAT, clientMsgId: "c1", type: "text", content: "还在吗？" }),
    ]);
    // Opened again later: the newest page is 9 10, with older ones on the server.
    state = after([replaceMessages({ chatId: CHAT, page: serverPage(range(1, 10), 2) })], state);
    expect(ids(state)).toEqual(["9", "10"]);
    expect(thread(state).hasMore).toBe(true);
    expect(thread(state).outgoing.map((item) => item.clientMsgId)).toEqual(["c1"]);
  });

  it("replaces my pending message by the server's when the ack arrives", () => {
    let state = after([
      replaceMessages({ chatId: CHAT, page: serverPage(range(1, 2), 10) }),
      sendingMessage({ chatId: CHAT, clientMsgId: "c1", type: "text", content: "还在吗？" }),
    ]);
    expect(thread(state).outgoing).toEqual([
      { clientMsgId: "c1", type: "text", content: "还在吗？", status: "sending" },
    ]);

    state = after([messageAcknowledged({ clientMsgId: "c1", message: message(3, "还在吗？") })], state);
    expect(thread(state).outgoing).toEqual([]);
    expect(thread(state).messages.at(-1)).toMatchObject({ id: "3", content: "还在吗？" });
    // The same message pushed live to my other tabs (and this one) does not show twice.
    state = after([receiveMessages({ chatId: CHAT, messages: [message(3, "还在吗？")] })], state);
    expect(ids(state)).toEqual(["1", "2", "3"]);
  });

  it("marks a message failed with the reason as the chat's error; sending it again makes it pending, its ack clears the error", () => {
    let state = after([
      replaceMessages({ chatId: CHAT, page: { list: [], hasMore: false } }),
      sendingMessage({ chatId: CHAT, clientMsgId: "c1", type: "text", content: "你好" }),
      sendingMessage({ chatId: CHAT, clientMsgId: "c2", type: "text", content: "在吗" }),
      messageFailed({ chatId: CHAT, clientMsgId: "c1", reason: "发送超时，请重发" }),
    ]);
    expect(thread(state).outgoing).toEqual([
      { clientMsgId: "c1", type: "text", content: "你好", status: "failed", error: "发送超时，请重发" },
      { clientMsgId: "c2", type: "text", content: "在吗", status: "sending" },
    ]);
    expect(state.error).toBe("发送超时，请重发");

    state = after([sendingMessage({ chatId: CHAT, clientMsgId: "c1", type: "text", content: "你好" })], state);
    expect(thread(state).outgoing.find((item) => item.clientMsgId === "c1")).toEqual({
      clientMsgId: "c1",
      type: "text",
      content: "你好",
      status: "sending",
    });
    state = after([messageAcknowledged({ clientMsgId: "c1", message: message(1, "你好") })], state);
    expect(state.error).toBe("");
    expect(ids(state)).toEqual(["1"]);
    expect(thread(state).outgoing.map((item) => item.clientMsgId)).toEqual(["c2"]);
  });

  it("shows my message waiting for the network in its place, then on its way again, then stored", () => {
    let state = after([
      sendingMessage({ chatId: CHAT, clientMsgId: "c1", type: "text", content: "你好" }),
      sendingMessage({ chatId: CHAT, clientMsgId: "c2", type: "text", content: "在吗" }),
      outgoingChanged({ chatId: CHAT, clientMsgId: "c1", type: "text", content: "你好", status: "waiting" }),
      outgoingChanged({ chatId: CHAT, clientMsgId: "c2", type: "text", content: "在吗", status: "waiting" }),
    ]);
    expect(thread(state).outgoing).toEqual([
      { clientMsgId: "c1", type: "text", content: "你好", status: "waiting" },
      { clientMsgId: "c2", type: "text", content: "在吗", status: "waiting" },
    ]);
    // Waiting is no error: nothing for the banner.
    expect(state.error).toBe("");

    // The socket is back: the second goes out first (its ack first), each keeps its place.
    state = after(
      [
        outgoingChanged({ chatId: CHAT, clientMsgId: "c2", type: "text", content: "在吗", status: "sending" }),
        outgoingChanged({ chatId: CHAT, clientMsgId: "c1", type: "text", content: "你好", status: "sending" }),
      ],
      state,
    );
    expect(thread(state).outgoing.map((item) => `${item.clientMsgId}:${item.status}`)).toEqual([
      "c1:sending",
      "c2:sending",
    ]);
    state = after([messageAcknowledged({ clientMsgId: "c1", message: message(1, "你好") })], state);
    expect(ids(state)).toEqual(["1"]);
    expect(thread(state).outgoing.map((item) => item.clientMsgId)).toEqual(["c2"]);
  });

  it("shows my messages back from the outbox's store after a reload, a failed one with its reason but no chat error", () => {
    const state = after([
      replaceMessages({ chatId: CHAT, page: serverPage(range(1, 2), 10) }),
      outgoingChanged({ chatId: CHAT, clientMsgId: "c1", type: "text", content: "离线写的", status: "waiting" }),
      outgoingChanged({
        chatId: "9",
        clientMsgId: "c2",
        type: "text",
        content: "没发出去",
        status: "failed",
        error: "发送超时，请重发",
      }),
    ]);
    expect(thread(state).outgoing).toEqual([
      { clientMsgId: "c1", type: "text", content: "离线写的", status: "waiting" },
    ]);
    expect(ids(state)).toEqual(["1", "2"]);
    expect(thread(state, "9").outgoing).toEqual([
      { clientMsgId: "c2", type: "text", content: "没发出去", status: "failed", error: "发送超时，请重发" },
    ]);
    expect(state.error).toBe("");
    // Sent again (重发), a failed message loses its reason.
    const retried = after(
      [outgoingChanged({ chatId: "9", clientMsgId: "c2", type: "text", content: "没发出去", status: "sending" })],
      state,
    );
    expect(thread(retried, "9").outgoing).toEqual([
      { clientMsgId: "c2", type: "text", content: "没发出去", status: "sending" },
    ]);
  });

  it.each([
    ["a sign-out", ""],
    ["a sign-in", "another-token"],
  ])(
    "clears, at %s (accounts' new token), every chat's messages, the error and the list flag; the connection and the chat on screen stay",
    (_, token) => {
      const connection = { url: "ws://127.0.0.1/api/ws", openedAt: "2026-11-23T10:00:00.000Z" };
      const state = after([
        setConnection(connection),
        setMyChatId(CHAT),
        replaceMessages({ chatId: CHAT, page: serverPage(range(1, 3), 10) }),
        receiveMessages({ chatId: "9", messages: [message(4, "别的会话", "9")] }),
        sendingMessage({ chatId: CHAT, clientMsgId: "c1", type: "text", content: "你好" }),
        setUpdateMyChatList(true),
        setError("发送太快了，请稍后再试"),
        setToken(token),
      ]);
      expect(state.messages).toEqual({});
      expect(state.error).toBe("");
      expect(state.updateMyChatList).toBe(false);
      expect(state.connection).toEqual(connection);
      expect(state.myChatId).toBe(CHAT);
    },
  );
});

describe("catching up after a reconnect", () => {
  it("pages back to the newest known message and merges what was missed in order, without duplicates", async () => {
    const all = range(1, 10);
    let state = after([
      replaceMessages({ chatId: CHAT, page: serverPage(range(1, 4), 3) }),
      receiveMessages({ chatId: CHAT, messages: [message(6)] }), // one arrived live before the socket dropped
    ]);
    const asked: (string | undefined)[] = [];
    const missed = await fetchMissed((before) => {
      asked.push(before);
      return Promise.resolve(serverPage(all, 3, before));
    }, ids(state).at(-1));
    expect(asked).toEqual([undefined, "8"]); // 10 9 8, then 7 6 5: reached message 6
    state = after([receiveMissed({ chatId: CHAT, page: missed })], state);
    expect(ids(state)).toEqual(["2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    expect(thread(state).hasMore).toBe(true);
  });

  it("reads one page for a chat that had no messages and learns whether older ones remain", async () => {
    let state = after([replaceMessages({ chatId: CHAT, page: { list: [], hasMore: false } })]);
    const missed = await fetchMissed((before) => Promise.resolve(serverPage(range(1, 5), 3, before)), undefined);
    state = after([receiveMissed({ chatId: CHAT, page: missed })], state);
    expect(ids(state)).toEqual(["3", "4", "5"]);
    expect(thread(state).hasMore).toBe(true);
  });

  it("stops at the first message when everything is new", async () => {
    const missed = await fetchMissed((before) => Promise.resolve(serverPage(range(1, 5), 2, before)), "0");
    expect(missed.list.map((m) => m.id)).toEqual(["5", "4", "3", "2", "1"]);
  });
});

describe("the error the chat screen shows", () => {
  const failed = after([
    sendingMessage({ chatId: CHAT, clientMsgId: "c1", type: "text", content: "你好" }),
    messageFailed({ chatId: CHAT, clientMsgId: "c1", reason: "发送超时，请重发" }),
  ]);

  it("is the last error, unless the conversation on the screen shows it on a failed message of mine", () => {
    expect(selectErrorToShow({ chat: failed })).toBe("发送超时，请重发");
    expect(selectErrorToShow({ chat: after([setMyChatId("9")], failed) })).toBe("发送超时，请重发");
    expect(selectErrorToShow({ chat: after([setMyChatId(CHAT)], failed) })).toBe("");
    expect(selectErrorToShow({ chat: after([setMyChatId(CHAT), setError("发送太快了，请稍后再试")], failed) })).toBe(
      "发送太快了，请稍后再试",
    );
  });
});
