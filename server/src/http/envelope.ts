import { describeIssue, type Envelope, SUCCESS_CODE, toFieldIssues } from "@xianzhi/contract";
import type { z } from "zod";
import { appError } from "../errors.js";

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
