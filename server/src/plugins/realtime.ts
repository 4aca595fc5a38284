import type { ServerFrame } from "@xianzhi/contract";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { WebSocket } from "ws";

/**
 * Delivers frames to every open socket of the users named, on whichever server process they are
 * connected to: through Redis pub/sub when REDIS_URL is set, else within this process alone.
 */
export interface Hub {
  join(userId: number, socket: WebSocket): void;
  leave(userId: number, socket: WebSocket): void;
  deliver(userIds: number[], frame: ServerFrame): Promise<void>;
  close(): Promise<void>;
}

interface Envelope {
  userIds: number[];
  frame: ServerFrame;
}

export async function createHub(redisUrl: string | null, channel: string, log: FastifyBaseLogger): Promise<Hub> {
  const sockets = new Map<number, Set<WebSocket>>();
  const deliverHere = ({ userIds, frame }: Envelope) => {
    const text = JSON.stringify(frame);
    for (const userId of new Set(userIds)) {
      for (const socket of sockets.get(userId) ?? []) {
        if (socket.readyState === socket.OPEN) socket.send(text);
      }
    }
  };
  const local = {
    join(userId: number, socket: WebSocket) {
      const set = sockets.get(userId) ?? new Set<WebSocket>();
      set.add(socket);
      sockets.set(userId, set);
    },
    leave(userId: number, socket: WebSocket) {
      const set = sockets.get(userId);
      set?.delete(socket);
      if (set?.size === 0) sockets.delete(userId);
    },
  };
  if (!redisUrl) {
    return { ...local, deliver: async (userIds, frame) => deliverHere({ userIds, frame }), close: async () => {} };
  }

  const publisher = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(redisUrl, { lazyConnect: true });
  for (const client of [publisher, subscriber]) client.on("error", (error) => log.warn({ err: error }, "redis"));
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(channel);
  subscriber.on("message", (_channel: string, payload: string) => {
    try {
      deliverHere(JSON.parse(payload) as Envelope);
    } catch (error) {
      log.warn({ err: error }, "unreadable chat frame from redis");
    }
  });
  return {
    ...local,
    async deliver(userIds, frame) {
      await publisher.publish(channel, JSON.stringify({ userIds, frame } satisfies Envelope));
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
