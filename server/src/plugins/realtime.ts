import { randomBytes } from "node:crypto";
import { ChatLimits, Errors, type ServerFrame } from "@xianzhi/contract";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { WebSocket } from "ws";
import { type MessageRate, memoryMessageRate, redisMessageRate } from "./message-rate.js";
import { RedisPresence } from "./presence.js";

/** Who holds a chat socket: the user and the session its token belongs to. */
export interface SocketOwner {
  userId: number;
  sessionId: number;
}

/** Sessions to end: all of a user's (but one), or one. */
export type SessionTarget = { userId: number; exceptSessionId?: number } | { sessionId: number };

/** The close code that tells a client its token is gone; it signs in again instead of reconnecting. */
export const CLOSE_SESSION_ENDED = 4401;

/**
 * Delivers frames to every open socket of the users named, on whichever server process they are
 * connected to. Sockets on this process are served directly, so chat keeps working here while
 * Redis is away; Redis (when REDIS_URL is set) carries the frame to the other processes. Nothing
 * here rejects because of Redis: a failure is logged and clients catch up through the history.
 */
export interface Hub {
  /** False when the user already holds `ChatLimits.socketsPerUserMax` sockets on this process. */
  join(owner: SocketOwner, socket: WebSocket): boolean;
  leave(owner: SocketOwner, socket: WebSocket): void;
  deliver(userIds: number[], frame: ServerFrame): Promise<void>;
  /**
   * Whether a frame for the user might reach an open socket: one of theirs here, or, with Redis,
   * on any process (which this one cannot know). False spares reading what nobody would see.
   */
  mayReach(userId: number): boolean;
  /**
   * Of these users, those with an open socket on any process (what a Web Push is spared for).
   * Without Redis, or while it does not answer, those with one on this process.
   */
  connected(userIds: number[]): Promise<Set<number>>;
  /** Closes the sockets of the sessions named, on every process, with 4401. */
  endSessions(target: SessionTarget): Promise<void>;
  /** The sessions of the sockets open on this process. */
  sessionsHere(): number[];
  /** Closes this process's sockets of these sessions with 4401 (found ended by a check here). */
  endSessionsHere(sessionIds: number[]): void;
  /** Whether the user may send one more chat message now (counted over all their sockets). */
  allowMessage(userId: number): Promise<boolean>;
  /** "disabled" without Redis; rejects when Redis does not answer. */
  redisStatus(): Promise<"ok" | "disabled">;
  close(): Promise<void>;
}

/** A frame for some users, made with a change and handed to the hub once the change has committed. */
export interface Delivery {
  userIds: number[];
  frame: ServerFrame;
}

/** What a change answers, and the frames that tell both sides about it. */
export interface WithDeliveries<T> {
  data: T;
  deliveries: Delivery[];
}

/** One after another, so a client sees frames in the order they were made. */
export async function deliverAll(hub: Hub, deliveries: Delivery[]): Promise<void> {
  for (const { userIds, frame } of deliveries) await hub.deliver(userIds, frame);
}

/** A frame travels as its JSON text: serialized once by the sender, sent as it is by every process. */
type Envelope =
  | { origin: string; kind: "frame"; userIds: number[]; text: string }
  | { origin: string; kind: "end"; target: SessionTarget };

const SESSION_ENDED_FRAME = JSON.stringify({
  type: "error",
  code: Errors.SESSION_EXPIRED.code,
  msg: Errors.SESSION_EXPIRED.msg,
} satisfies ServerFrame);

/** The open sockets of this process, by user, each with the session it was opened with. */
class LocalSockets {
  private readonly byUser = new Map<number, Map<WebSocket, number>>();

  join({ userId, sessionId }: SocketOwner, socket: WebSocket): boolean {
    const sockets = this.byUser.get(userId) ?? new Map<WebSocket, number>();
    if (sockets.size >= ChatLimits.socketsPerUserMax) return false;
    sockets.set(socket, sessionId);
    this.byUser.set(userId, sockets);
    return true;
  }

  has(userId: number): boolean {
    return this.byUser.has(userId);
  }

  users(): IterableIterator<number> {
    return this.byUser.keys();
  }

  connected(userIds: number[]): Set<number> {
    return new Set(userIds.filter((userId) => this.byUser.has(userId)));
  }

  leave({ userId }: SocketOwner, socket: WebSocket): void {
    const sockets = this.byUser.get(userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.byUser.delete(userId);
  }

  deliver(userIds: number[], text: string): void {
    // Encoded once for every socket it goes to, and sent as text.
    let bytes: Buffer | undefined;
    for (const userId of new Set(userIds)) {
      for (const socket of this.byUser.get(userId)?.keys() ?? []) {
        bytes ??= Buffer.from(text);
        if (socket.readyState === socket.OPEN) socket.send(bytes, { binary: false });
      }
    }
  }

  sessionIds(): number[] {
    const ids = new Set<number>();
    for (const sockets of this.byUser.values()) for (const sessionId of sockets.values()) ids.add(sessionId);
    return [...ids];
  }

  endSessions(target: SessionTarget): void {
    if ("userId" in target) this.endWhere((sessionId) => sessionId !== target.exceptSessionId, target.userId);
    else this.endWhere((sessionId) => sessionId === target.sessionId);
  }

  /** Closes with 4401 the sockets whose session `ends`: of one user, or of everyone. */
  endWhere(ends: (sessionId: number) => boolean, userId?: number): void {
    const owners = userId === undefined ? [...this.byUser.values()] : [this.byUser.get(userId)];
    for (const sockets of owners) {
      for (const [socket, sessionId] of sockets ?? []) {
        if (!ends(sessionId)) continue;
        if (socket.readyState === socket.OPEN) socket.send(SESSION_ENDED_FRAME);
        socket.close(CLOSE_SESSION_ENDED, "session ended");
      }
    }
  }
}

export function createHub(redisUrl: string | null, channel: string, log: FastifyBaseLogger): Hub {
  const local = new LocalSockets();
  const common = {
    join: (owner: SocketOwner, socket: WebSocket) => local.join(owner, socket),
    leave: (owner: SocketOwner, socket: WebSocket) => local.leave(owner, socket),
    sessionsHere: () => local.sessionIds(),
    endSessionsHere: (sessionIds: number[]) => {
      const ended = new Set(sessionIds);
      local.endWhere((sessionId) => ended.has(sessionId));
    },
  };
  if (!redisUrl) {
    const rate = memoryMessageRate(ChatLimits.userMessageBurst, ChatLimits.userMessagesPerSecond);
    return {
      ...common,
      deliver: async (userIds, frame) => local.deliver(userIds, JSON.stringify(frame)),
      mayReach: (userId) => local.has(userId),
      connected: async (userIds) => local.connected(userIds),
      endSessions: async (target) => local.endSessions(target),
      allowMessage: (userId) => rate.allow(userId),
      redisStatus: async () => "disabled",
      close: async () => {},
    };
  }

  const origin = randomBytes(8).toString("hex");
  const { publisher, subscriber } = connectRedis(redisUrl, log);
  const rate: MessageRate = redisMessageRate(
    publisher,
    `${channel}:rate:`,
    ChatLimits.userMessageBurst,
    ChatLimits.userMessagesPerSecond,
    (error) => log.debug({ err: error }, "redis: chat message rate counted in this process"),
  );
  const presence = new RedisPresence(publisher, `${channel}:online:`, origin, () => local.users(), log);
  subscriber.on("message", (_channel: string, payload: string) => {
    try {
      const envelope = JSON.parse(payload) as Envelope;
      // This process served its own sockets already when it published.
      if (envelope.origin === origin) return;
      if (envelope.kind === "frame") local.deliver(envelope.userIds, envelope.text);
      else local.endSessions(envelope.target);
    } catch (error) {
      log.warn({ err: error }, "unreadable chat envelope from redis");
    }
  });
  // Queued until Redis answers; ioredis subscribes again after every reconnect.
  subscriber.subscribe(channel).catch((error) => log.warn({ err: error }, "redis: subscribing failed"));

  const publish = async (envelope: Envelope) => {
    // Away: the outage was logged once when the connection dropped; this process served its own.
    if (publisher.status !== "ready") return;
    try {
      await publisher.publish(channel, JSON.stringify(envelope));
    } catch (error) {
      log.warn({ err: error }, "redis: frame not passed to other processes");
    }
  };
  return {
    ...common,
    join(owner, socket) {
      const first = !local.has(owner.userId);
      const joined = local.join(owner, socket);
      if (joined && first) presence.arrived(owner.userId);
      return joined;
    },
    leave(owner, socket) {
      local.leave(owner, socket);
      if (!local.has(owner.userId)) presence.left(owner.userId);
    },
    async connected(userIds) {
      const here = local.connected(userIds);
      const elsewhere = userIds.filter((userId) => !here.has(userId));
      try {
        for (const userId of await presence.connected(elsewhere)) here.add(userId);
      } catch (error) {
        log.debug({ err: error }, "redis: presence unknown; only this process's sockets counted");
      }
      return here;
    },
    async deliver(userIds, frame) {
      const text = JSON.stringify(frame);
      local.deliver(userIds, text);
      await publish({ origin, kind: "frame", userIds, text });
    },
    mayReach: () => true,
    async endSessions(target) {
      local.endSessions(target);
      await publish({ origin, kind: "end", target });
    },
    allowMessage: (userId) => rate.allow(userId),
    async redisStatus() {
      await publisher.ping();
      if (subscriber.status !== "ready") throw new Error(`redis subscriber is ${subscriber.status}`);
      return "ok";
    },
    async close() {
      await presence.close();
      await Promise.allSettled(
        [subscriber, publisher].map((client) => (client.status === "ready" ? client.quit() : client.disconnect())),
      );
    },
  };
}

/**
 * Two connections that reconnect by themselves for as long as the process lives. A command on the
 * publisher fails at once while Redis is away (no offline queue, one retry, a timeout), so no
 * request waits for it; the subscriber waits, since it only listens.
 */
function connectRedis(redisUrl: string, log: FastifyBaseLogger) {
  const publisher = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000 });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  for (const [name, client] of [
    ["publisher", publisher],
    ["subscriber", subscriber],
  ] as const) {
    // One warning per outage, not one per reconnect attempt.
    let warned = false;
    client.on("error", (error) => {
      if (!warned) log.warn({ err: error }, `redis ${name} unreachable; chat is delivered on this process only`);
      warned = true;
    });
    client.on("ready", () => {
      if (warned) log.info(`redis ${name} connected again`);
      warned = false;
    });
  }
  return { publisher, subscriber };
}
