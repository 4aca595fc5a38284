import { type ErrorSpec, Errors } from "@xianzhi/contract";
import type { FastifyError, FastifyInstance } from "fastify";
import { AppError } from "../errors.js";

/** Fastify's own errors (body parsing, limits) and their places in the catalogue. */
const FRAMEWORK_ERRORS: Record<string, ErrorSpec> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: Errors.UNSUPPORTED_MEDIA_TYPE,
  FST_ERR_CTP_BODY_TOO_LARGE: Errors.PAYLOAD_TOO_LARGE,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: Errors.BAD_REQUEST,
  FST_ERR_CTP_EMPTY_JSON_BODY: Errors.INVALID_JSON,
  FST_ERR_CTP_INVALID_JSON_BODY: Errors.INVALID_JSON,
};

const BY_STATUS: Record<number, ErrorSpec> = Object.fromEntries(
  [
    Errors.BAD_REQUEST,
    Errors.UNAUTHORIZED,
    Errors.FORBIDDEN,
    Errors.NOT_FOUND,
    Errors.METHOD_NOT_ALLOWED,
    Errors.PAYLOAD_TOO_LARGE,
    Errors.UNSUPPORTED_MEDIA_TYPE,
    Errors.TOO_MANY_REQUESTS,
  ].map((spec) => [spec.status, spec]),
);

function toAppError(error: FastifyError | AppError): AppError {
  if (error instanceof AppError) return error;
  const known = FRAMEWORK_ERRORS[error.code ?? ""];
  if (known) return new AppError(known);
  if (error instanceof SyntaxError && error.statusCode === 400) return new AppError(Errors.INVALID_JSON);
  const byStatus = error.statusCode ? BY_STATUS[error.statusCode] : undefined;
  return new AppError(byStatus ?? Errors.INTERNAL);
}

/** The one place that turns an error into the reply envelope; 5xx are logged, never shown. */
export function registerErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | AppError>((error, req, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) req.log.error({ err: error }, "request failed");
    else if (!(error instanceof AppError)) req.log.info({ err: error }, "request rejected");
    const retryAfter = (appError.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
    if (appError.status === 429 && typeof retryAfter === "number") reply.header("retry-after", retryAfter);
    return reply.status(appError.status).send({ code: appError.code, msg: appError.message, data: appError.data });
  });
}
