import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { type ErrorSpec, Errors } from "@xianzhi/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { databaseUnavailable } from "../db/errors.js";
import { AppError } from "../errors.js";

/** Fastify's own errors (body parsing, limits, URLs) and their places in the catalogue. */
const FRAMEWORK_ERRORS: Record<string, ErrorSpec> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: Errors.UNSUPPORTED_MEDIA_TYPE,
  FST_ERR_CTP_BODY_TOO_LARGE: Errors.PAYLOAD_TOO_LARGE,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: Errors.BAD_REQUEST,
  FST_ERR_CTP_EMPTY_JSON_BODY: Errors.INVALID_JSON,
  FST_ERR_CTP_INVALID_JSON_BODY: Errors.INVALID_JSON,
  FST_ERR_BAD_URL: Errors.BAD_REQUEST,
  FST_ERR_MAX_PARAM_LENGTH: Errors.URI_TOO_LONG,
};

const BY_STATUS: Record<number, ErrorSpec> = Object.fromEntries(
  [
    Errors.BAD_REQUEST,
    Errors.UNAUTHORIZED,
    Errors.FORBIDDEN,
    Errors.NOT_FOUND,
    Errors.METHOD_NOT_ALLOWED,
    Errors.REQUEST_TIMEOUT,
    Errors.PAYLOAD_TOO_LARGE,
    Errors.URI_TOO_LONG,
    Errors.UNSUPPORTED_MEDIA_TYPE,
    Errors.TOO_MANY_REQUESTS,
    Errors.HEADERS_TOO_LARGE,
  ].map((spec) => [spec.status, spec]),
);

function toAppError(error: FastifyError | AppError): AppError {
  if (error instanceof AppError) return error;
  const known = FRAMEWORK_ERRORS[error.code ?? ""];
  if (known) return new AppError(known);
  if (databaseUnavailable(error)) return new AppError(Errors.SERVICE_UNAVAILABLE);
  if (error instanceof SyntaxError && error.statusCode === 400) return new AppError(Errors.INVALID_JSON);
  const byStatus = error.statusCode ? BY_STATUS[error.statusCode] : undefined;
  return new AppError(byStatus ?? Errors.INTERNAL);
}

/**
 * The one place that turns an error into the reply envelope; 5xx are logged, never shown. A 503
 * (database away, server closing) is expected during a restart: a warning, not an error.
 */
export function sendErrorEnvelope(error: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (appError.status === 503) req.log.warn({ err: error }, "service unavailable");
  else if (appError.status >= 500) req.log.error({ err: error }, "request failed");
  else if (!(error instanceof AppError)) req.log.info({ err: error }, "request rejected");
  const retryAfter = (appError.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  if (appError.status === 429 && typeof retryAfter === "number") reply.header("retry-after", retryAfter);
  return reply.status(appError.status).send({ code: appError.code, msg: appError.message, data: appError.data });
}

export function registerErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | AppError>(sendErrorEnvelope);
}

/**
 * Requests Node's HTTP parser refuses (headers too large, timeouts, garbage) never reach Fastify:
 * they are answered on the raw socket, still as the envelope.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const spec =
    error.code === "HPE_HEADER_OVERFLOW"
      ? Errors.HEADERS_TOO_LARGE
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? Errors.REQUEST_TIMEOUT
        : Errors.BAD_REQUEST;
  if (socket.writable) {
    const body = JSON.stringify({ code: spec.code, msg: spec.msg, data: null });
    socket.write(
      `HTTP/1.1 ${spec.status} ${STATUS_CODES[spec.status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
