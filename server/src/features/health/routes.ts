import { type Readiness, ReadinessSchema } from "@xianzhi/contract";
import { sql } from "kysely";
import { DatabaseWaitTimeoutError } from "../../db/transaction-guard.js";
import { appError } from "../../errors.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";

const route = apiRoutes("health");

/** A check that has not answered by then counts as failed: a load balancer waits for no one. */
const CHECK_TIMEOUT_MS = 2000;

class CheckTimeoutError extends Error {}

function withinTimeout<T>(check: Promise<T>, what: string, timeoutMs = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CheckTimeoutError(`${what} did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

/** node-postgres's word for "every connection stayed busy past connectTimeoutMs". */
const POOL_WAIT_TIMEOUT = /^timeout exceeded when trying to connect$/;

/**
 * Whether the database left a query unanswered (a connection held for ever, a frozen server), as
 * opposed to refusing it at once (a server that is down, which a restart of this process would
 * not mend).
 */
function unanswered(error: unknown): boolean {
  return (
    error instanceof CheckTimeoutError ||
    error instanceof DatabaseWaitTimeoutError ||
    // Not `instanceof Error`: pg-pool's errors may come from another realm under a test runner.
    POOL_WAIT_TIMEOUT.test(String((error as { message?: unknown } | null)?.message))
  );
}

/**
 * For a load balancer and a supervisor: live = the process can still get an answer from its
 * database (a process whose requests all wait on a connection that never comes back is wedged, and
 * a restart mends it); ready = it can serve (database, Redis). The disk's room is said
 * (`disk: "full"`) but does not fail readiness: reads, sign-ins and chat still work, and every
 * process sharing that disk would be taken out of service for it.
 */
export const healthRoutes: ApiRoutes = async (app) => {
  const selectOne = sql`SELECT 1`;
  // In a transaction: on SQLite a bare read runs on a reader thread (db/sqlite-readers.ts), and
  // what can wedge is the one connection that writes and transactions need.
  const probe = () => app.db.transaction().execute((tx) => selectOne.execute(tx));
  // Past the wait for a connection, which answers first when the connection is only busy.
  const liveTimeoutMs = app.config.databaseLimits.connectTimeoutMs + 1000;

  app.get(
    "/health/live",
    route.pub({ summary: "The process gets answers from its database (503 when wedged)", answer: null }),
    async (req) => {
      try {
        await withinTimeout(probe(), "database", liveTimeoutMs);
      } catch (error) {
        if (unanswered(error)) {
          req.log.error({ err: error }, "not live: the database answers no query");
          throw appError("SERVICE_UNAVAILABLE");
        }
      }
      return ok(null);
    },
  );

  app.get(
    "/health/ready",
    route.pub({ summary: "The database and Redis answer: 503 otherwise", answer: ReadinessSchema }),
    async (req) => {
      try {
        const [, redis, disk] = await Promise.all([
          withinTimeout(probe(), "database"),
          withinTimeout(app.hub.redisStatus(), "redis"),
          withinTimeout(app.pictureFiles.diskRoom(), "disk"),
        ]);
        if (disk === "full") req.log.warn("the pictures' disk is full: uploads answer 503");
        return ok({ database: "ok", redis, disk } satisfies Readiness);
      } catch (error) {
        req.log.warn({ err: error }, "not ready");
        throw appError("SERVICE_UNAVAILABLE");
      }
    },
  );
};
