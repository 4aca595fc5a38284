import type { ChatMessage, MessageType, ServerFrame } from "@xianzhi/contract";
import { useEffect } from "react";
import { api } from "../../app/api";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import type { AppDispatch, RootState } from "../../app/store";
import { setConnection, setConnectionStatus, setError, setMessages, setUpdateMyChatList } from "./chat-slice";

const ACK_TIMEOUT_MS = 10_000;
const pending = new Map<string, { resolve(message: ChatMessage): void; reject(reason: Error): void }>();
const incomingListeners = new Set<(message: ChatMessage) => unknown>();

/** Calls `listener` with each message that arrives live (mine included); answers the unsubscribe. */
export function onIncomingMessage(listener: (message: ChatMessage) => unknown): () => void {
  incomingListeners.add(listener);
  return () => incomingListeners.delete(listener);
}

/** Adds a live message to the store, once. */
function receive(message: ChatMessage) {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    const { messages } = getState().chat;
    const list = messages[message.chatId] ?? [];
    if (list.some((known) => known.id === message.id)) return;
    dispatch(setMessages({ ...messages, [message.chatId]: [...list, message] }));
  };
}

function handleFrame(frame: ServerFrame, dispatch: AppDispatch) {
  if (frame.type === "ack") {
    pending.get(frame.clientMsgId)?.resolve(frame.message);
    pending.delete(frame.clientMsgId);
  } else if (frame.type === "message") {
    dispatch(receive(frame.message));
    dispatch(api.util.invalidateTags(["Chats"]));
    for (const listener of incomingListeners) listener(frame.message);
  } else if (frame.type === "read") {
    dispatch(api.util.invalidateTags(["Chats"]));
  } else if (frame.type === "error") {
    const waiting = frame.clientMsgId ? pending.get(frame.clientMsgId) : undefined;
    if (waiting && frame.clientMsgId) {
      waiting.reject(new Error(frame.msg));
      pending.delete(frame.clientMsgId);
    } else dispatch(setError(frame.msg));
  }
}

/**
 * Keeps one socket open while signed in, reconnecting with growing pauses. After a reconnect the
 * chat list is marked for refresh, so what arrived meanwhile is fetched.
 */
export function useChatSocket(): void {
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.auth.token);

  useEffect(() => {
    if (!token) return;
    let socket: WebSocket | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const connect = () => {
      dispatch(setConnectionStatus("connecting"));
      const scheme = window.location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${scheme}://${window.location.host}/api/ws?token=${encodeURIComponent(token)}`);
      dispatch(setConnection(socket));
      socket.onopen = () => {
        attempt = 0;
        dispatch(setConnectionStatus("open"));
        dispatch(setUpdateMyChatList(true));
        dispatch(api.util.invalidateTags(["Chats"]));
      };
      socket.onmessage = (event) => {
        try {
          handleFrame(JSON.parse(String(event.data)) as ServerFrame, dispatch);
        } catch {
          dispatch(setError("收到无法识别的消息"));
        }
      };
      socket.onclose = (event) => {
        dispatch(setConnectionStatus("closed"));
        dispatch(setConnection(null));
        // 4401: the token is no longer valid; reconnecting would not help.
        if (stopped || event.code === 4401) return;
        retryTimer = setTimeout(connect, Math.min(30_000, 1000 * 2 ** attempt));
        attempt += 1;
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      socket?.close();
    };
  }, [token, dispatch]);
}

/** Sends a message; resolves with the stored message once the server acknowledges it. */
export function sendOverSocket(
  socket: WebSocket | null,
  chatId: string,
  msgType: MessageType,
  content: string,
  clientMsgId: string,
): Promise<ChatMessage> {
  return new Promise((resolve, reject) => {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      reject(new Error("连接已断开，正在重连"));
      return;
    }
    const timer = setTimeout(() => {
      pending.delete(clientMsgId);
      reject(new Error("发送超时"));
    }, ACK_TIMEOUT_MS);
    pending.set(clientMsgId, {
      resolve: (message) => {
        clearTimeout(timer);
        resolve(message);
      },
      reject: (reason) => {
        clearTimeout(timer);
        reject(reason);
      },
    });
    socket.send(JSON.stringify({ type: "send", chatId, msgType, content, clientMsgId }));
  });
}
