import { describeIssue, type Envelope, SUCCESS_CODE, toFieldIssues } from "@xianzhi/contract";
import type { z } from "zod";
import { type AppError, appError } from "../errors.js";

/** The content type of every JSON answer, as Fastify sets it for the ones it serializes. */
export const JSON_TYPE = "application/json; charset=utf-8";

export function ok<T>(data: T, msg = "成功"): Envelope<T> {
  return { code: SUCCESS_CODE, msg, data };
}

/**
 * Checks request input against a contract schema: its output, or a 400 naming the first bad field.
 * Fastify's validator for the declared routes (plugins/declared-routes.ts), and `parseInput`.
 */
export function checkInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { value: z.output<S>; error?: undefined } | { error: AppError } {
  const result = schema.safeParse(input ?? {}, { error: describeIssue });
  if (result.success) return { value: result.data };
  const issues = toFieldIssues(result.error);
  return { error: appError("BAD_REQUEST", issues[0]?.msg, { issues }) };
}

/** Validates request input against a contract schema; a failure is a 400 naming the first bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const checked = checkInput(schema, input);
  if (checked.error) throw checked.error;
  return checked.value;
}
