import { describe, expect, it } from "vitest";
import * as contract from "./index.js";
import { describeIssue, FieldRules, IdSchema, isId } from "./index.js";
import type { z } from "./zod.js";

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

/** Every schema a client's input goes through: bodies, queries, path parameters, socket frames. */
const inputSchemas = Object.entries(contract as Record<string, unknown>).filter(
  (entry): entry is [string, AnySchema] =>
    /(Body|Query|Params|Frame)Schema$/.test(entry[0]) && typeof entry[1] === "object" && entry[1] !== null,
);

/** The string schemas inside a schema, with where they sit. */
function stringLeaves(schema: AnySchema, path: string): [string, AnySchema][] {
  const def = schema._zod.def;
  const walk = (inner: unknown, at = path) => stringLeaves(inner as AnySchema, at);
  switch (def.type) {
    case "string":
      return [[path, schema]];
    case "object":
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, inner]) =>
        walk(inner, `${path}.${key}`),
      );
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
      return walk(def.innerType);
    // What a client sends meets the pipe's input side first.
    case "pipe":
      return walk(def.in);
    case "array":
      return walk(def.element, `${path}[]`);
    case "union":
      return (def.options as unknown[]).flatMap((option) => walk(option));
    default:
      return [];
  }
}

describe("text fields", () => {
  const leaves = inputSchemas.flatMap(([name, schema]) => stringLeaves(schema, name));

  it("finds the input schemas and their text fields", () => {
    expect(inputSchemas.length).toBeGreaterThan(15);
    expect(leaves.length).toBeGreaterThan(30);
  });

  it.each(leaves)("%s refuses NUL, naming the field", (_, schema) => {
    const result = schema.safeParse("ab\u0000cd", { error: describeIssue });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: "custom", params: { rule: FieldRules.noNul } });
  });
});

describe("ids", () => {
  const parse = (id: string) => IdSchema.safeParse(id, { error: describeIssue });

  it.each(["1", "42", "2147483647"])("takes %s", (id) => {
    expect(parse(id)).toMatchObject({ success: true, data: id });
    expect(isId(id)).toBe(true);
  });

  it.each(["0", "-1", "01", "2147483648", "9999999999", "99999999999", "1.0", "1e3", " 1", "abc", "", "1\u0000"])(
    "refuses %j",
    (id) => {
      expect(parse(id).success).toBe(false);
      expect(isId(id)).toBe(false);
    },
  );
});
