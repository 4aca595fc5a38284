import { createSlice, type PayloadAction } from "@reduxjs/toolkit";

export type ConnectionStatus = "idle" | "connecting" | "open" | "closed";

/**
 * What the chat screens show of the socket. The messages themselves live in the RTK Query cache
 * (one entry per chat, see chat-api.ts); the socket object stays in chat-socket.ts.
 */
export interface ChatState {
  connectionStatus: ConnectionStatus;
}

const initialState: ChatState = { connectionStatus: "idle" };

export const chatSlice = createSlice({
  name: "chat",
  initialState,
  reducers: {
    setConnectionStatus(state, action: PayloadAction<ConnectionStatus>) {
      state.connectionStatus = action.payload;
    },
  },
});

export const { setConnectionStatus } = chatSlice.actions;
