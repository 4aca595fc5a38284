import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { ChatHistory, ChatMessage } from "@xianzhi/contract";
import type { SendableMessageType } from "@xianzhi/contract/constants";
import { setToken } from "../accounts";
import {
  acknowledge,
  addOutgoing,
  type ChatThread,
  emptyThread,
  markFailed,
  mergeMessages,
  mergeMissed,
  mergeOlderPage,
  type OutgoingMessage,
  replaceWithPage,
  updateOutgoing,
} from "./chat-thread";

/** `offline`: the browser has no network; the socket waits for it to come back rather than retrying. */
export type ConnectionStatus = "idle" | "connecting" | "open" | "closed" | "offline";

/**
 * The chat connection as the store knows it: where it goes and when it last opened. The WebSocket
 * object itself is a live handle, not data (Redux's serialisability check refuses it, and nothing
 * could replay it): it stays in chat-socket.ts. No token in the address: state is for reading.
 */
export interface ChatConnection {
  url: string;
  openedAt: string;
}

/** The chat state of the product spec (section 3): the one place a chat's messages live. */
export interface ChatState {
  /** Every chat's messages this session knows, by chat id: history, live, catch-up, mine on their way. */
  messages: Record<string, ChatThread>;
  /** A message came for a chat the chat list does not show (a new conversation): the list reads again. */
  updateMyChatList: boolean;
  /** The conversation on the screen ("" when none): its messages are read at once and tell no one. */
  myChatId: string;
  /** The last chat error the screen shows ("" when none). */
  error: string;
  /** The connection opened last in this session (null before the first opening and after sign-out). */
  connection: ChatConnection | null;
  connectionStatus: ConnectionStatus;
}

export const initialChatState: ChatState = {
  messages: {},
  updateMyChatList: false,
  myChatId: "",
  error: "",
  connection: null,
  connectionStatus: "idle",
};

/** The thread of `chatId`, made when the chat is new to the store. */
function threadOf(state: ChatState, chatId: string): ChatThread {
  state.messages[chatId] ??= emptyThread();
  return state.messages[chatId];
}

type ChatPage = PayloadAction<{ chatId: string; page: ChatHistory }>;

export const chatSlice = createSlice({
  name: "chat",
  initialState: initialChatState,
  reducers: {
    setConnection(state, action: PayloadAction<ChatConnection | null>) {
      state.connection = action.payload;
    },
    setUpdateMyChatList(state, action: PayloadAction<boolean>) {
      state.updateMyChatList = action.payload;
    },
    setMyChatId(state, action: PayloadAction<string>) {
      state.myChatId = action.payload;
    },
    setConnectionStatus(state, action: PayloadAction<ConnectionStatus>) {
      state.connectionStatus = action.payload;
    },
    /** The newest page of a chat's history, read as it opens, takes the place of what was received. */
    replaceMessages(state, { payload }: ChatPage) {
      replaceWithPage(threadOf(state, payload.chatId), payload.page);
    },
    /** Live messages (socket frames): added once each, in order. */
    receiveMessages(state, { payload }: PayloadAction<{ chatId: string; messages: ChatMessage[] }>) {
      mergeMessages(threadOf(state, payload.chatId), payload.messages);
    },
    /** A page older than the oldest message shown (加载更早的消息). */
    receiveOlderPage(state, { payload }: ChatPage) {
      mergeOlderPage(threadOf(state, payload.chatId), payload.page);
    },
    /** What was pushed while the socket was down, read once it is open again. */
    receiveMissed(state, { payload }: ChatPage) {
      mergeMissed(threadOf(state, payload.chatId), payload.page);
    },
    /** A message of mine, shown at once as 发送中 (again, for 重发). */
    sendingMessage(
      state,
      { payload }: PayloadAction<{ chatId: string; clientMsgId: string; type: SendableMessageType; content: string }>,
    ) {
      const { chatId, ...message } = payload;
      addOutgoing(threadOf(state, chatId), message);
    },
    /**
     * The outbox's word on a message of mine: waiting for the connection (等待网络), on its way
     * again, or back from its store after a reload (waiting, or failed with 重发). No chat error:
     * a failure the socket has just met comes as `messageFailed`.
     */
    outgoingChanged(state, { payload }: PayloadAction<{ chatId: string } & OutgoingMessage>) {
      const { chatId, ...message } = payload;
      updateOutgoing(threadOf(state, chatId), message);
    },
    /** The server stored my message: its copy replaces the pending one, and a send working again clears the error. */
    messageAcknowledged(state, { payload }: PayloadAction<{ clientMsgId: string; message: ChatMessage }>) {
      acknowledge(threadOf(state, payload.message.chatId), payload.clientMsgId, payload.message);
      state.error = "";
    },
    /** My message was refused or never acknowledged: marked failed (重发), and the reason is the chat's error. */
    messageFailed(state, { payload }: PayloadAction<{ chatId: string; clientMsgId: string; reason: string }>) {
      markFailed(threadOf(state, payload.chatId), payload.clientMsgId, payload.reason);
      state.error = payload.reason;
    },
    setError(state, action: PayloadAction<string>) {
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    // A new token (signed out, or signed in, perhaps as someone else): nothing of the previous
    // account's chats stays. Accounts knows nothing of chat: chat hears its action.
    builder.addCase(setToken, (state) => {
      state.messages = {};
      state.error = "";
      state.updateMyChatList = false;
    });
  },
});

export const {
  setConnection,
  setUpdateMyChatList,
  setMyChatId,
  setConnectionStatus,
  replaceMessages,
  receiveMessages,
  receiveOlderPage,
  receiveMissed,
  sendingMessage,
  outgoingChanged,
  messageAcknowledged,
  messageFailed,
  setError,
} = chatSlice.actions;

/** What the selectors read: the store's chat state (RootState has it under `chat`). */
interface WithChat {
  chat: ChatState;
}

const NO_THREAD: ChatThread = emptyThread();

/** A chat's messages as the screens show them (an empty thread before anything is known). */
export const selectThread = (state: WithChat, chatId: string): ChatThread => state.chat.messages[chatId] ?? NO_THREAD;

export const selectNewestMessageId = (state: WithChat, chatId: string): string | undefined =>
  state.chat.messages[chatId]?.messages.at(-1)?.id;

/**
 * The error the chat screen shows in its banner: the last one, unless the conversation on the
 * screen already shows it on a failed message of mine (with 重发 beside it).
 */
export function selectErrorToShow(state: WithChat): string {
  const { error, myChatId, messages } = state.chat;
  const shownOnMessage = messages[myChatId]?.outgoing.some((item) => item.status === "failed" && item.error === error);
  return shownOnMessage ? "" : error;
}
