import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.js";
import { type RedisServer, redisServer } from "./redis-server.js";
import { listen } from "./sockets.js";
import { createTestApp, type TestApp } from "./test-app.js";

/** Two server apps on one database and one Redis, as two processes behind a load balancer. */
export interface AppPair {
  a: TestApp;
  b: FastifyInstance;
  close(): Promise<void>;
}

export async function createAppPair(redisUrl: string, env: Record<string, string> = {}): Promise<AppPair> {
  const a = await createTestApp({
    REDIS_URL: redisUrl,
    REDIS_CHANNEL: `xianzhi:test:${randomBytes(4).toString("hex")}`,
    ...env,
  });
  const b = await buildApp(a.config, { database: a.database, logger: false });
  return {
    a,
    b,
    async close() {
      await b.close();
      await a.close();
    },
  };
}

/** A pair listening on ports of their own, on a redis-server of their own. */
export interface ListeningPair {
  pair: AppPair;
  /** The sockets' base address of each: a's, then b's. */
  bases: [string, string];
}

/**
 * A test file's pair of processes: started before its tests, with a Redis started for them
 * alone, and stopped after. Read `.pair` and `.bases` inside the tests.
 */
export function useListeningPair(
  before: (setUp: () => Promise<void>) => void,
  after: (tearDown: () => Promise<void>) => void,
  /** More settings of the pair, read when it starts (after the file's earlier set-ups). */
  env: () => Record<string, string> = () => ({}),
): ListeningPair {
  const running = {} as ListeningPair;
  let redis: RedisServer | undefined;
  before(async () => {
    redis = await redisServer();
    running.pair = await createAppPair(redis.url, env());
    running.bases = [await listen(running.pair.a.app), await listen(running.pair.b)];
  });
  after(async () => {
    await running.pair?.close();
    await redis?.stop();
  });
  return running;
}
