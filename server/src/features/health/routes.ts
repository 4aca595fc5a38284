import type { Readiness } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { appError } from "../../errors.js";
import { ok } from "../../http/envelope.js";

/** A check that has not answered by then counts as failed: a load balancer waits for no one. */
const CHECK_TIMEOUT_MS = 2000;

function withinTimeout<T>(check: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

/**
 * For a load balancer: live = the process answers; ready = it can serve (database, Redis). The
 * disk's room is said (`disk: "full"`) but does not fail readiness: reads, sign-ins and chat still
 * work, and every process sharing that disk would be taken out of service for it.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const selectOne = sql`SELECT 1`;

  app.get("/health/live", async () => ok(null));

  app.get("/health/ready", async (req) => {
    try {
      const [, redis, disk] = await Promise.all([
        withinTimeout(selectOne.execute(app.db), "database"),
        withinTimeout(app.hub.redisStatus(), "redis"),
        withinTimeout(app.pictureFiles.diskRoom(), "disk"),
      ]);
      if (disk === "full") req.log.warn("the pictures' disk is full: uploads answer 503");
      return ok({ database: "ok", redis, disk } satisfies Readiness);
    } catch (error) {
      req.log.warn({ err: error }, "not ready");
      throw appError("SERVICE_UNAVAILABLE");
    }
  });
}
