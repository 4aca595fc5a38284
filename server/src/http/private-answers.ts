import type { FastifyInstance, onRequestHookHandler } from "fastify";
import { addRouteHook, readsOnly } from "./route-hooks.js";

/** What an answer holding one person's data says to every cache on its way: keep nothing. */
export const PRIVATE_NO_STORE = "private, no-store";

const markPrivate: onRequestHookHandler = (_req, reply, done) => {
  reply.header("cache-control", PRIVATE_NO_STORE);
  done();
};

const markPrivateIfSignedIn: onRequestHookHandler = (req, reply, done) => {
  if (req.headers.authorization !== undefined) reply.header("cache-control", PRIVATE_NO_STORE);
  done();
};

/**
 * Answers that may hold personal data say `Cache-Control: private, no-store` (security audit,
 * issue 26), by where they come from rather than route by route, so a new route cannot forget it:
 * - every answer to a request carrying an Authorization header (whoever it names, a bad token too);
 * - every answer to a write (anything but GET and HEAD): sign-in, registration, codes and tickets,
 *   and whatever a signed-in write answers.
 * Set before the handler runs, so a route that chooses its own header (a captcha, a download)
 * keeps its choice; public reads by signed-out visitors keep theirs (none: the server's own
 * short cache, `TtlCache`, is what makes them cheap). The hook goes on /api routes only.
 */
export function markPrivateAnswers(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    addRouteHook(route, "onRequest", readsOnly(route) ? markPrivateIfSignedIn : markPrivate);
  });
}
