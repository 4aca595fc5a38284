import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { signedInUserId } from "./auth.js";

/** Query parameters that carry a secret: the chat socket's token. */
const SECRET_QUERY = /([?&](?:token|access_token)=)[^&#]*/gi;

/** The URL as it may be logged: its secrets hidden. */
export function loggableUrl(url: string): string {
  return url.includes("=") ? url.replace(SECRET_QUERY, "$1[hidden]") : url;
}

/**
 * One line per request instead of Fastify's two (incoming, completed) and its "route not found":
 * written when the answer is sent, with method, URL without secrets, status, duration and the
 * signed-in user. Like every line of the request (an error's included) it carries the request id.
 */
export class OneLinePerRequest extends LogController {
  /**
   * A WebSocket's request is answered by the upgrade, which Fastify never reports as completed:
   * its one line is written as it comes in.
   */
  override incomingRequest(req: FastifyRequest): void {
    if (req.headers.upgrade === undefined) return;
    req.log.info({ method: req.method, url: loggableUrl(req.url), remoteAddress: req.ip }, "socket upgrade");
  }

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: req.method,
      url: loggableUrl(req.url),
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      userId: signedInUserId(req),
      remoteAddress: req.ip,
    };
    if (error) req.log.error({ ...line, err: error }, "request errored");
    else req.log.info(line, "request completed");
  }
}
