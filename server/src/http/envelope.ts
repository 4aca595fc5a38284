import { describeIssue, type Envelope, isId, SUCCESS_CODE, toFieldIssues } from "@xianzhi/contract";
import type { z } from "zod";
import { appError } from "../errors.js";

/** The content type of every JSON answer, as Fastify sets it for the ones it serializes. */
export const JSON_TYPE = "application/json; charset=utf-8";

export function ok<T>(data: T, msg = "成功"): Envelope<T> {
  return { code: SUCCESS_CODE, msg, data };
}

/** Validates request input against a contract schema; a failure is a 400 naming the first bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {}, { error: describeIssue });
  if (result.success) return result.data;
  const issues = toFieldIssues(result.error);
  throw appError("BAD_REQUEST", issues[0]?.msg, { issues });
}

/**
 * The row id in a path parameter of a `{ [name]: IdSchema }` schema. Valid ids, nearly all of
 * them, are checked without running zod; anything else gets the schema's 400.
 */
export function parseIdParam<S extends z.ZodType>(schema: S, params: unknown, name: string): number {
  const value = (params as Record<string, unknown> | undefined)?.[name];
  return Number(isId(value) ? value : (parseInput(schema, params) as Record<string, unknown>)[name]);
}
