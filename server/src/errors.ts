import { type ErrorName, type ErrorSpec, Errors } from "@xianzhi/contract";

/** The one error type of the API; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;

  constructor(
    spec: ErrorSpec,
    msg: string = spec.msg,
    readonly data: unknown = null,
  ) {
    super(msg);
    this.status = spec.status;
    this.code = spec.code;
  }
}

export function appError(name: ErrorName, msg?: string, data?: unknown): AppError {
  return new AppError(Errors[name], msg, data);
}
