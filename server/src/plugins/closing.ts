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
  // A callback, not an async function: every request passes here, and a promise each costs.
  app.addHook("onRequest", (_req, reply, done) => {
    if (!closing) return done();
    reply.header("connection", "close");
    done(appError("SERVICE_UNAVAILABLE"));
  });
}
