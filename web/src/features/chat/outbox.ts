import type { SendFrame } from "@xianzhi/contract";

export interface OutboxOptions {
  /** How long one attempt waits for the server's ack. */
  ackTimeoutMs: number;
  /** Attempts over an open socket before the message is marked failed (the user may then 重发). */
  maxAttempts: number;
}

export const OUTBOX_DEFAULTS: OutboxOptions = { ackTimeoutMs: 5000, maxAttempts: 3 };

export const OUTBOX_ERRORS = {
  timeout: "发送超时，请重发",
} as const;

/**
 * Where a message of mine is: on its way over an open socket, waiting for the connection (no socket
 * open: offline, or the server out of reach), or given up on after its attempts timed out.
 */
export type OutboxStatus = { state: "sending" } | { state: "waiting" } | { state: "failed"; reason: string };

/** A message of mine as the outbox keeps it, in memory and in its store. */
export interface QueuedMessage {
  frame: SendFrame;
  /** When it was written (ms): the queue goes out in this order. */
  queuedAt: number;
  /** Why it was given up on (no ack in time); it stays, for 重发. */
  failed?: string;
}

/**
 * Where the outbox keeps the messages of the signed-in user that the server has not taken yet, so
 * that a reload loses none (outbox-store.ts: IndexedDB). Each is one user's.
 */
export interface OutboxStore {
  /** Every message kept, in any order. */
  load(): Promise<QueuedMessage[]>;
  put(message: QueuedMessage): Promise<void>;
  remove(clientMsgId: string): Promise<void>;
  /** Forgets every message of the user. */
  clear(): Promise<void>;
}

export interface OutboxHooks {
  /** Sends a frame over the socket; false when no socket is open (the message then waits). */
  send(frame: SendFrame): boolean;
  /** A message of mine changed status, or came back from the store (a reload, another tab). */
  changed(frame: SendFrame, status: OutboxStatus): void;
  /** A message was given up on: no ack in time over an open socket, or the server refused it. */
  failed(frame: SendFrame, reason: string): void;
  /** The clock (tests may move it). */
  now?: () => number;
}

export interface Outbox {
  /** Sends a message and keeps it (stored) until the server acknowledges or refuses it. */
  submit(frame: SendFrame): void;
  acknowledged(clientMsgId: string): void;
  /** The server answered an error frame for the message: no point in sending it again. */
  refused(clientMsgId: string, reason: string): void;
  /**
   * The socket is open again: every waiting message goes out now, and then those the store holds
   * that this page does not know yet (written in another tab). Answers once those have gone too.
   */
  resendAll(): Promise<void>;
  /** The socket is down (closed, or the browser went offline): what was on its way waits for it. */
  disconnected(): void;
  /**
   * The signed-in user's store: what it holds comes back (and goes out if a socket is open), and
   * what was written before it was known goes into it. Answers once it has loaded.
   */
  attach(store: OutboxStore): Promise<void>;
  /** Signed in as someone else: this page forgets the messages; the previous user's store keeps them. */
  detach(): void;
  /** Signed out: forget everything, in the store too, tell nobody. */
  clear(): Promise<void>;
}

interface Entry extends QueuedMessage {
  status: OutboxStatus["state"];
  /** Attempts over an open socket since it last waited. */
  attempts: number;
  timer?: ReturnType<typeof setTimeout>;
}

/** How many settled messages a page remembers, so that a store read before they settled brings none back. */
const SETTLED_REMEMBERED = 1000;

/**
 * My messages on their way. Each is stored, sent and, without an ack in time, sent again with the
 * same clientMsgId (the server stores one message per sender and clientMsgId, whichever socket or
 * tab it comes from); after `maxAttempts` over an open socket it is marked failed. With no socket
 * open (`send` answers false) a message is not given up on: it waits, and goes out when the socket
 * opens (`resendAll`). Acknowledged or refused, it leaves the store.
 */
export function createOutbox(hooks: OutboxHooks, options: OutboxOptions = OUTBOX_DEFAULTS): Outbox {
  const now = hooks.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** Messages acknowledged or refused in this page: a store read from before never brings them back. */
  const settled = new Set<string>();
  let store: OutboxStore | null = null;

  const keep = (entry: Entry) => {
    const kept: QueuedMessage = { frame: entry.frame, queuedAt: entry.queuedAt };
    if (entry.failed) kept.failed = entry.failed;
    // A store that fails (storage off, quota): the message still goes out from memory.
    store?.put(kept).catch(() => {});
  };

  const setStatus = (entry: Entry, status: OutboxStatus) => {
    const was = entry.status;
    entry.status = status.state;
    if (was !== status.state) hooks.changed(entry.frame, status);
  };

  const forget = (clientMsgId: string): Entry | undefined => {
    const entry = entries.get(clientMsgId);
    clearTimeout(entry?.timer);
    entries.delete(clientMsgId);
    return entry;
  };

  const settle = (clientMsgId: string): Entry | undefined => {
    settled.add(clientMsgId);
    if (settled.size > SETTLED_REMEMBERED) settled.delete(settled.values().next().value as string);
    store?.remove(clientMsgId).catch(() => {});
    return forget(clientMsgId);
  };

  const wait = (entry: Entry) => {
    clearTimeout(entry.timer);
    entry.attempts = 0;
    setStatus(entry, { state: "waiting" });
  };

  const attempt = (entry: Entry) => {
    clearTimeout(entry.timer);
    if (!hooks.send(entry.frame)) return wait(entry);
    entry.attempts += 1;
    setStatus(entry, { state: "sending" });
    entry.timer = setTimeout(() => {
      if (entries.get(entry.frame.clientMsgId) !== entry) return;
      if (entry.attempts < options.maxAttempts) return attempt(entry);
      entry.failed = OUTBOX_ERRORS.timeout;
      entry.status = "failed";
      keep(entry);
      hooks.failed(entry.frame, OUTBOX_ERRORS.timeout);
    }, options.ackTimeoutMs);
  };

  const inOrder = (list: Iterable<Entry>) => [...list].sort((a, b) => a.queuedAt - b.queuedAt);

  /** Takes in what `from` holds that this page does not know; the ones not failed go out (or wait). */
  const restore = async (from: OutboxStore) => {
    let kept: QueuedMessage[];
    try {
      kept = await from.load();
    } catch {
      return;
    }
    if (store !== from) return; // signed out or in as someone else meanwhile
    const fresh = kept.filter(({ frame }) => !entries.has(frame.clientMsgId) && !settled.has(frame.clientMsgId));
    const restored = inOrder(
      fresh.map((message): Entry => ({ ...message, status: message.failed ? "failed" : "waiting", attempts: 0 })),
    );
    for (const entry of restored) {
      entries.set(entry.frame.clientMsgId, entry);
      hooks.changed(entry.frame, entry.failed ? { state: "failed", reason: entry.failed } : { state: "waiting" });
    }
    for (const entry of restored) if (entry.status !== "failed") attempt(entry);
  };

  return {
    submit(frame) {
      forget(frame.clientMsgId);
      settled.delete(frame.clientMsgId);
      // Shown as 发送中 by whoever submits it: only a change from that is told.
      const entry: Entry = { frame, queuedAt: now(), status: "sending", attempts: 0 };
      entries.set(frame.clientMsgId, entry);
      keep(entry);
      attempt(entry);
    },
    acknowledged(clientMsgId) {
      settle(clientMsgId);
    },
    refused(clientMsgId, reason) {
      const entry = settle(clientMsgId);
      if (entry) hooks.failed(entry.frame, reason);
    },
    resendAll() {
      for (const entry of inOrder(entries.values())) {
        if (entry.status === "failed") continue;
        entry.attempts = 0;
        attempt(entry);
      }
      return store ? restore(store) : Promise.resolve();
    },
    disconnected() {
      for (const entry of entries.values()) if (entry.status === "sending") wait(entry);
    },
    attach(next) {
      store = next;
      for (const entry of inOrder(entries.values())) keep(entry);
      return restore(next);
    },
    detach() {
      store = null;
      for (const clientMsgId of [...entries.keys()]) forget(clientMsgId);
    },
    async clear() {
      const was = store;
      store = null;
      for (const clientMsgId of [...entries.keys()]) forget(clientMsgId);
      settled.clear();
      await was?.clear().catch(() => {});
    },
  };
}
