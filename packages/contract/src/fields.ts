import { isShownName } from "./values/names.js";
import { z } from "./zod.js";

/** Row ids are PostgreSQL `integer`s: a larger number would fail in the database, not in the request. */
export const ID_MAX = 2_147_483_647;
const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** Why a refinement failed; `describeIssue` turns it into a sentence naming the field. */
export const FieldRules = { noNul: "no-nul", idRange: "id-range", shownName: "shown-name" } as const;

const NUL = "\u0000";

/**
 * Every text a client sends is built from this: PostgreSQL refuses NUL in text (even as a query
 * parameter) and SQLite's full-text search chokes on it, so it is a 400 before any query runs.
 */
export function text() {
  return z.string().refine((value) => !value.includes(NUL), { params: { rule: FieldRules.noNul }, abort: true });
}

/**
 * A name others see (nickname, username, title): `text()` with its checks, then refused when it
 * holds a bidi or control character or nothing visible (values/names.ts; the web forms check the
 * same). The 400 names the field: "昵称不能包含不可见或控制字符".
 */
export function shownName<T extends z.ZodType<string, string>>(schema: T) {
  return schema.refine(isShownName, { params: { rule: FieldRules.shownName } });
}

const inIdRange = (id: string) => id.length < 10 || Number(id) <= ID_MAX;

/** A row id as the API spells it: a decimal string within the database's integer range. */
export const IdSchema = text()
  .regex(ID_PATTERN)
  .refine(inIdRange, { params: { rule: FieldRules.idRange } });

/** What IdSchema accepts, checked without zod (a hot path's fast way; zod still words the errors). */
export function isId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value) && inIdRange(value);
}

const splitCommas = (value: unknown) => (typeof value === "string" ? value.split(",") : [value]);

/**
 * A query parameter holding a list, repeated (`a=1&a=2`) or comma-separated (`a=1,2`, as the web
 * sends arrays): at least one item, at most `max`, duplicates dropped.
 */
export function listParam<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess(
    (value) => (Array.isArray(value) ? value.flatMap(splitCommas) : splitCommas(value)),
    z
      .array(item)
      .min(1)
      .max(max)
      .transform((items) => [...new Set(items)]),
  );
}
