import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.js";
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
