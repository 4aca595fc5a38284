import type { SendFrame } from "@xianzhi/contract";

export interface OutboxOptions {
  /** How long one attempt waits for the server's ack. */
  ackTimeoutMs: number;
  /** Attempts before the message is marked failed (the user may then 重发). */
  maxAttempts: number;
}

export const OUTBOX_DEFAULTS: OutboxOptions = { ackTimeoutMs: 5000, maxAttempts: 3 };

export const OUTBOX_ERRORS = {
  timeout: "发送超时，请重发",
  offline: "连接已断开，请重发",
} as const;

export interface Outbox {
  /** Sends a message and keeps it until the server acknowledges or refuses it. */
  submit(frame: SendFrame): void;
  acknowledged(clientMsgId: string): void;
  /** The server answered an error frame for the message: no point in sending it again. */
  refused(clientMsgId: string, reason: string): void;
  /** The socket is open again: every waiting message goes out now rather than at its next timeout. */
  resendAll(): void;
  /** Signed out: forget everything, tell nobody. */
  clear(): void;
}

interface Waiting {
  frame: SendFrame;
  attempts: number;
  /** Whether the last attempt reached an open socket. */
  delivered: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * My messages on their way. Each is sent and, without an ack in time, sent again with the same
 * clientMsgId (the server stores it once); after `maxAttempts` it is given up on. `send` answers
 * false when no socket is open: the attempt still counts, and a reconnect sends it at once.
 */
export function createOutbox(
  send: (frame: SendFrame) => boolean,
  onFailed: (frame: SendFrame, reason: string) => void,
  options: OutboxOptions = OUTBOX_DEFAULTS,
): Outbox {
  const waiting = new Map<string, Waiting>();

  const settle = (clientMsgId: string): Waiting | undefined => {
    const entry = waiting.get(clientMsgId);
    clearTimeout(entry?.timer);
    waiting.delete(clientMsgId);
    return entry;
  };

  const attempt = (entry: Waiting) => {
    clearTimeout(entry.timer);
    entry.attempts += 1;
    entry.delivered = send(entry.frame);
    entry.timer = setTimeout(() => {
      if (entry.attempts < options.maxAttempts) return attempt(entry);
      settle(entry.frame.clientMsgId);
      onFailed(entry.frame, entry.delivered ? OUTBOX_ERRORS.timeout : OUTBOX_ERRORS.offline);
    }, options.ackTimeoutMs);
  };

  return {
    submit(frame) {
      settle(frame.clientMsgId);
      const entry: Waiting = { frame, attempts: 0, delivered: false };
      waiting.set(frame.clientMsgId, entry);
      attempt(entry);
    },
    acknowledged(clientMsgId) {
      settle(clientMsgId);
    },
    refused(clientMsgId, reason) {
      const entry = settle(clientMsgId);
      if (entry) onFailed(entry.frame, reason);
    },
    resendAll() {
      for (const entry of waiting.values()) attempt(entry);
    },
    clear() {
      for (const clientMsgId of [...waiting.keys()]) settle(clientMsgId);
    },
  };
}
