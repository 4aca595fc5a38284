import { describe, expect, it } from "vitest";
import { shownNameRule } from "./name-rules";

describe("shownNameRule", () => {
  const check = (value: unknown) => shownNameRule("昵称").validator(null, value);

  it("lets visible names through, and leaves empty ones to the required rule", async () => {
    for (const value of ["小梅", " Mei ", "👨‍👩‍👧", "", undefined]) await expect(check(value)).resolves.toBeUndefined();
  });

  it("refuses a right-to-left override and names of zero-width characters, in the server's words", async () => {
    for (const value of ["\u202E小梅", "\u200B\u200D", "\uFEFF\u2060"]) {
      await expect(check(value)).rejects.toThrow("昵称不能包含不可见或控制字符");
    }
  });
});
