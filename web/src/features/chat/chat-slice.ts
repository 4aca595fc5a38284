import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { ChatMessage } from "@xianzhi/contract";

export type ConnectionStatus = "idle" | "connecting" | "open" | "closed";

export interface ChatState {
  /** Messages received live, by chat id. */
  messages: Record<string, ChatMessage[]>;
  /** Set when the chat list must be fetched again. */
  updateMyChatList: boolean;
  myChatId: string;
  error: string;
  connection: WebSocket | null;
  connectionStatus: ConnectionStatus;
}

const initialState: ChatState = {
  messages: {},
  updateMyChatList: false,
  myChatId: "",
  error: "",
  connection: null,
  connectionStatus: "idle",
};

export const chatSlice = createSlice({
  name: "chat",
  initialState,
  reducers: {
    setConnection(state, action: PayloadAction<WebSocket | null>) {
      // A live socket is not data, but the spec keeps it in the store; it is excluded from the serializability check.
      state.connection = action.payload as never;
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
    setMessages(state, action: PayloadAction<Record<string, ChatMessage[]>>) {
      state.messages = action.payload;
    },
    setError(state, action: PayloadAction<string>) {
      state.error = action.payload;
    },
    clearMessages(state) {
      state.messages = {};
    },
  },
});

export const {
  setConnection,
  setUpdateMyChatList,
  setMyChatId,
  setConnectionStatus,
  setMessages,
  setError,
  clearMessages,
} = chatSlice.actions;
