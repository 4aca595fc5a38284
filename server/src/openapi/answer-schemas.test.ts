import { afterAll, describe, expect, it } from "vitest";
import { generateAnswerSchemas } from "../../commands/answer-schemas.js";
import { createTestApp } from "../test-support/test-app.js";
import { answerNames } from "./answer-names.js";
import committed from "./answer-schemas.json" with { type: "json" };

const t = await createTestApp();
afterAll(() => t.close());
const names = answerNames(t.app.apiRoutes);

describe("answer-schemas.json", () => {
  it("is what the contract's answer types generate: after changing one, run npm run openapi:answers", () => {
    const generated = generateAnswerSchemas(names);
    expect(committed, "answer-schemas.json is out of date: npm run openapi:answers").toEqual(generated);
  }, 60_000);

  it("holds a schema for every type a route answers", () => {
    expect(names.length).toBeGreaterThan(30);
    expect(names.filter((name) => !(name in committed))).toEqual([]);
  });
});
