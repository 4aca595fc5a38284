import type { ChatMessage, Deal, Offer, SendFrame, ServerFrame } from "@xianzhi/contract";
import { useEffect, useRef } from "react";
import { useStore } from "react-redux";
import { api } from "../../app/api";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import type { AppDispatch, RootState } from "../../app/store";
import { orderMoved } from "../orders";
import { setConnection, setConnectionStatus, setError } from "./chat-slice";
import { dealChangedTags } from "./chat-trade";
import { createOutbox, type OutboxStatus } from "./outbox";

/** The server closes a socket with this code when its session ended (logout, password change elsewhere). */
export const CLOSE_SESSION_ENDED = 4401;

/**
 * What the socket tells the rest of chat: chat-feed.ts puts the messages, acks, failures and the
 * outbox's news of my messages (waiting for the network, on their way again, back from its store
 * after a reload) into the chat state; a chat's trade entry takes its offers and deals; the
 * catch-ups hear of (re)openings.
 */
export type ChatEvent =
  | { kind: "message"; message: ChatMessage }
  | { kind: "ack"; clientMsgId: string; message: ChatMessage }
  | { kind: "failed"; chatId: string; clientMsgId: string; reason: string }
  | { kind: "outgoing"; frame: SendFrame; status: OutboxStatus }
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

/** Whether the browser says it has no network (then no socket is opened, and an open one is let go). */
const browserOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

const outbox = createOutbox({
  send(frame) {
    if (!isChatSocketOpen() || browserOffline()) return false;
    liveSocket?.send(JSON.stringify(frame));
    return true;
  },
  changed: (frame, status) => emit({ kind: "outgoing", frame, status }),
  failed: (frame, reason) => emit({ kind: "failed", chatId: frame.chatId, clientMsgId: frame.clientMsgId, reason }),
});

/**
 * Sends a message, again if its ack is late; with no connection it waits (kept in IndexedDB across
 * a reload) and goes out once the socket is open. The chat state hears of the ack, the waiting or
 * the failure (chat-feed.ts).
 */
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
 * The outbox of the signed-in user is kept in IndexedDB under their id (outbox-store.ts, loaded
 * once someone is signed in: visitors never fetch it). Once the user is known (from the server, or
 * offline from what this browser noted of the session), what it holds comes back into their chats
 * and goes out when the socket is open. Signing out clears it; signing in as someone else leaves
 * the previous user's messages in their store, for their next sign-in.
 */
function useOutboxOfUser(): void {
  const store = useStore<RootState>();
  const token = useAppSelector((state) => state.auth.token);
  const userId = useAppSelector((state) => state.auth.userInfo.id);

  useEffect(() => {
    if (!token) return;
    let current = true;
    import("./outbox-store")
      .then(async ({ openOutboxStore, ownerOf, rememberOwner }) => {
        // Not known yet (a page reloaded offline cannot ask the server): whose this session was.
        const owner = userId ?? (await ownerOf(token));
        if (!current || !owner) return;
        if (userId) void rememberOwner(token, userId).catch(() => {});
        await outbox.attach(openOutboxStore(owner));
      })
      .catch(() => {
        // No IndexedDB (or the chunk did not load): the messages wait in this page only.
      });
    return () => {
      current = false;
      const now = store.getState().auth.token;
      if (!now) void outbox.clear();
      else if (now !== token) outbox.detach();
      // Same token, the user just became known (or known again): the next run attaches their store.
    };
  }, [token, userId, store]);
}

/**
 * Keeps one socket open while signed in, reconnecting with growing pauses; on each reconnect the
 * waiting messages go out again and the chats catch up. While the browser says it is offline no
 * socket is tried, and an open one is let go (Chromium may keep it looking open with no network):
 * the outbox's messages wait, and the socket opens again as soon as the browser is back online.
 * When the server ends the session (4401) while this tab still holds its token, `onSessionEnded`
 * signs out: reconnecting would not help.
 */
export function useChatConnection(onSessionEnded: () => void): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const token = useAppSelector((state) => state.auth.token);
  const sessionEnded = useRef(onSessionEnded);
  sessionEnded.current = onSessionEnded;
  useOutboxOfUser();

  useEffect(() => {
    if (!token) return;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    /** The socket is down: the catch-ups will read again, my messages wait for the next one. */
    const lost = () => {
      outbox.disconnected();
      emit({ kind: "disconnected" });
    };

    const connect = () => {
      clearTimeout(retryTimer);
      if (browserOffline()) {
        // No network: the online event connects.
        dispatch(setConnectionStatus("offline"));
        return;
      }
      dispatch(setConnectionStatus("connecting"));
      const scheme = window.location.protocol === "https:" ? "wss" : "ws";
      const url = `${scheme}://${window.location.host}/api/ws`;
      const socket = new WebSocket(`${url}?token=${encodeURIComponent(token)}`);
      liveSocket = socket;
      socket.onopen = () => {
        attempt = 0;
        dispatch(setConnection({ url, openedAt: new Date().toISOString() }));
        dispatch(setConnectionStatus("open"));
        // A page opened offline could not ask who is signed in (which messages are mine): now it can.
        const whoAmIUnknown = store.getState().auth.userInfo.id === undefined;
        dispatch(api.util.invalidateTags(whoAmIUnknown ? ["Chats", "Me"] : ["Chats"]));
        void outbox.resendAll();
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
        // Closed on purpose (signed out, or in as someone else): the clean-up below said so, and
        // the next account's socket may be open already, with messages on their way over it.
        if (stopped) return emit({ kind: "disconnected" });
        lost();
        if (event.code === CLOSE_SESSION_ENDED) {
          dispatch(setConnectionStatus("closed"));
          // A sign-out in this tab has already dropped (or replaced) the token: nothing more to do.
          if (store.getState().auth.token === token) sessionEnded.current();
          return;
        }
        if (browserOffline()) return connect();
        dispatch(setConnectionStatus("closed"));
        retryTimer = setTimeout(connect, Math.min(30_000, 1000 * 2 ** attempt));
        attempt += 1;
      };
    };

    const goneOffline = () => {
      clearTimeout(retryTimer);
      const socket = liveSocket;
      liveSocket = null;
      dispatch(setConnectionStatus("offline"));
      if (!socket) return;
      // Let go at once: its close may only come once the network is back, if ever.
      socket.onopen = null;
      socket.onclose = null;
      socket.close();
      lost();
    };
    const backOnline = () => {
      if (liveSocket) return; // one is open or opening already
      attempt = 0;
      connect();
    };
    window.addEventListener("offline", goneOffline);
    window.addEventListener("online", backOnline);
    connect();
    return () => {
      stopped = true;
      window.removeEventListener("offline", goneOffline);
      window.removeEventListener("online", backOnline);
      clearTimeout(retryTimer);
      liveSocket?.close();
      liveSocket = null;
      dispatch(setConnectionStatus("idle"));
      dispatch(setConnection(null));
    };
  }, [token, dispatch, store]);
}
