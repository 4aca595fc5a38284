import type { ChatMessage, Deal, Offer, SendFrame, ServerFrame } from "@xianzhi/contract";
import { useEffect, useRef } from "react";
import { useStore } from "react-redux";
import { api } from "../../app/api";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import type { AppDispatch, RootState } from "../../app/store";
import { orderMoved } from "../orders";
import { setConnection, setConnectionStatus, setError } from "./chat-slice";
import { dealChangedTags } from "./chat-trade";
import { createOutbox } from "./outbox";

/** The server closes a socket with this code when its session ended (logout, password change elsewhere). */
export const CLOSE_SESSION_ENDED = 4401;

/**
 * What the socket tells the rest of chat: chat-feed.ts puts the messages, acks and failures into the
 * chat state; a chat's trade entry takes its offers and deals; the catch-ups hear of (re)openings.
 */
export type ChatEvent =
  | { kind: "message"; message: ChatMessage }
  | { kind: "ack"; clientMsgId: string; message: ChatMessage }
  | { kind: "failed"; chatId: string; clientMsgId: string; reason: string }
  | { kind: "offer"; offer: Offer }
  | { kind: "deal"; deal: Deal }
  | { kind: "connected" }
  | { kind: "disconnected" };

const listeners = new Set<(event: ChatEvent) => unknown>();

/** Calls `listener` with each chat event; answers the unsubscribe. */
export function onChatEvent(listener: (event: ChatEvent) => unknown): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: ChatEvent): void {
  for (const listener of listeners) listener(event);
}

/**
 * What other features hear of the socket (notifications): every frame from the server, and each
 * time it opens, after which they catch up on what was pushed while it was down.
 */
export type SocketNews = { kind: "frame"; frame: ServerFrame } | { kind: "opened" };

const newsListeners = new Set<(news: SocketNews) => unknown>();

/** Calls `listener` with each piece of socket news; answers the unsubscribe. */
export function onSocketNews(listener: (news: SocketNews) => unknown): () => void {
  newsListeners.add(listener);
  return () => newsListeners.delete(listener);
}

function tell(news: SocketNews): void {
  for (const listener of newsListeners) listener(news);
}

// The live socket is a connection, not data: it stays here, out of the (serialisable) store, which
// holds a description of it instead (the chat state's `connection`: its address, when it opened).
let liveSocket: WebSocket | null = null;

export function isChatSocketOpen(): boolean {
  return liveSocket !== null && liveSocket.readyState === liveSocket.OPEN;
}

const outbox = createOutbox(
  (frame) => {
    if (!isChatSocketOpen()) return false;
    liveSocket?.send(JSON.stringify(frame));
    return true;
  },
  (frame, reason) => emit({ kind: "failed", chatId: frame.chatId, clientMsgId: frame.clientMsgId, reason }),
);

/** Sends a message, again if its ack is late; the chat state hears of the ack or the failure (chat-feed.ts). */
export function submitMessage(frame: SendFrame): void {
  outbox.submit(frame);
}

function handleFrame(frame: ServerFrame, dispatch: AppDispatch) {
  tell({ kind: "frame", frame });
  if (frame.type === "ack") {
    outbox.acknowledged(frame.clientMsgId);
    emit({ kind: "ack", clientMsgId: frame.clientMsgId, message: frame.message });
  } else if (frame.type === "message") {
    emit({ kind: "message", message: frame.message });
  } else if (frame.type === "read") {
    dispatch(api.util.invalidateTags(["Chats"]));
  } else if (frame.type === "offer") {
    emit({ kind: "offer", offer: frame.offer });
  } else if (frame.type === "deal") {
    emit({ kind: "deal", deal: frame.deal });
    dispatch(api.util.invalidateTags(dealChangedTags(frame.deal)));
  } else if (frame.type === "order") {
    dispatch(orderMoved(frame));
  } else if (frame.type === "error") {
    // About a message of mine: it failed (and the chat state records why); otherwise about the
    // socket itself (sending too fast, too many connections): the chat screen says so.
    if (frame.clientMsgId) outbox.refused(frame.clientMsgId, frame.msg);
    else dispatch(setError(frame.msg));
  }
}

/**
 * Keeps one socket open while signed in, reconnecting with growing pauses; on each reconnect the
 * waiting messages go out again and the chats catch up. When the server ends the session (4401)
 * while this tab still holds its token, `onSessionEnded` signs out: reconnecting would not help.
 */
export function useChatConnection(onSessionEnded: () => void): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const token = useAppSelector((state) => state.auth.token);
  const sessionEnded = useRef(onSessionEnded);
  sessionEnded.current = onSessionEnded;

  useEffect(() => {
    if (!token) return;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const connect = () => {
      dispatch(setConnectionStatus("connecting"));
      const scheme = window.location.protocol === "https:" ? "wss" : "ws";
      const url = `${scheme}://${window.location.host}/api/ws`;
      const socket = new WebSocket(`${url}?token=${encodeURIComponent(token)}`);
      liveSocket = socket;
      socket.onopen = () => {
        attempt = 0;
        dispatch(setConnection({ url, openedAt: new Date().toISOString() }));
        dispatch(setConnectionStatus("open"));
        dispatch(api.util.invalidateTags(["Chats"]));
        outbox.resendAll();
        emit({ kind: "connected" });
        tell({ kind: "opened" });
      };
      socket.onmessage = (event) => {
        try {
          handleFrame(JSON.parse(String(event.data)) as ServerFrame, dispatch);
        } catch {
          // Not a frame of the contract: nothing to do with it.
        }
      };
      socket.onclose = (event) => {
        if (liveSocket === socket) liveSocket = null;
        emit({ kind: "disconnected" });
        // Closed on purpose (signed out, or in as someone else): the clean-up below said so, and
        // the next account's socket may be open already.
        if (stopped) return;
        dispatch(setConnectionStatus("closed"));
        if (event.code === CLOSE_SESSION_ENDED) {
          // A sign-out in this tab has already dropped (or replaced) the token: nothing more to do.
          if (store.getState().auth.token === token) sessionEnded.current();
          return;
        }
        retryTimer = setTimeout(connect, Math.min(30_000, 1000 * 2 ** attempt));
        attempt += 1;
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      outbox.clear();
      liveSocket?.close();
      liveSocket = null;
      dispatch(setConnectionStatus("idle"));
      dispatch(setConnection(null));
    };
  }, [token, dispatch, store]);
}
