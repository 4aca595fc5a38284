import * as contract from "@xianzhi/contract";
import { z } from "zod";
import { ZOD_SCHEMA_KEY } from "./answer-names.js";
import generated from "./answer-schemas.json" with { type: "json" };

type JsonSchema = Record<string, unknown>;

/** What the server sends for a type the contract infers from a zod schema: the schema's output. */
function zodAnswerSchema(schemaName: string): JsonSchema {
  const schema = (contract as Record<string, unknown>)[schemaName];
  if (!(schema instanceof z.ZodType)) throw new Error(`the contract has no zod schema ${schemaName}`);
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" });
  return json;
}

const isZodMarker = (value: unknown): value is Record<typeof ZOD_SCHEMA_KEY, string> =>
  typeof value === "object" && value !== null && ZOD_SCHEMA_KEY in value;

/**
 * The JSON Schemas of the answers' `data`, by component name, from answer-schemas.json (generated
 * from the contract's types by npm run openapi:answers), each zod marker made its schema.
 */
export function answerComponents(): Record<string, JsonSchema> {
  return JSON.parse(JSON.stringify(generated), (_key, value: unknown) =>
    isZodMarker(value) ? zodAnswerSchema(value[ZOD_SCHEMA_KEY]) : value,
  );
}
