import { describe, expect, it } from "vitest";
import { generateAnswerSchemas } from "../../commands/answer-schemas.js";
import { answerNames } from "./answer-names.js";
import committed from "./answer-schemas.json" with { type: "json" };

describe("answer-schemas.json", () => {
  it("is what the contract's answer types generate: after changing one, run npm run openapi:answers", () => {
    const generated = generateAnswerSchemas(answerNames());
    expect(committed, "answer-schemas.json is out of date: npm run openapi:answers").toEqual(generated);
  }, 60_000);

  it("holds a schema for every type a route answers", () => {
    expect(answerNames().filter((name) => !(name in committed))).toEqual([]);
  });
});
