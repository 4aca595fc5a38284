import type { FastifyInstance } from "fastify";
import { appError } from "../errors.js";

/**
 * While the server closes, a request that still reaches it (pipelined, or on a connection that
 * was busy) gets the 503 envelope and `Connection: close`. Fastify's own `return503OnClosing`
 * answers such requests with a body of its own, so it is turned off in `buildApp`.
 */
export function answerUnavailableWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", async (_req, reply) => {
    if (!closing) return;
    reply.header("connection", "close");
    throw appError("SERVICE_UNAVAILABLE");
  });
}
