import type { DeclaredRoute } from "../plugins/declared-routes.js";

/** What a route answers in `data` when there is nothing to say. */
export const NO_DATA = "null";

/**
 * In the generated answer schemas (answer-schemas.json), a type the contract infers from a zod
 * schema: `{ "x-zod-schema": "UserInfoSchema" }`, replaced by that schema's JSON Schema at start.
 */
export const ZOD_SCHEMA_KEY = "x-zod-schema";

/** The contract's types that the routes answer, each once: what npm run openapi:answers generates. */
export function answerNames(routes: readonly DeclaredRoute[]): string[] {
  const names = routes.flatMap(({ api }) => (api.answer === NO_DATA ? [] : [api.answer]));
  return [...new Set(names)].sort();
}
