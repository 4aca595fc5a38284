import { AccountLimits } from "@xianzhi/contract/constants";
import { describe, expect, it } from "vitest";
import { lengthRange } from "./limit-hints";

describe("hint texts", () => {
  it("say a length range the way the forms show it", () => {
    expect(lengthRange(AccountLimits.passwordMin, AccountLimits.passwordMax)).toBe("8-64 位");
    expect(lengthRange(2, 20)).toBe("2-20 位");
  });
});
