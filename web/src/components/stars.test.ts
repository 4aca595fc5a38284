import { describe, expect, it } from "vitest";
import { starsLabel } from "./stars";

describe("stars read out", () => {
  it("names a rating with its words and an average with one decimal", () => {
    expect(starsLabel(4)).toBe("4 星 满意");
    expect(starsLabel(1)).toBe("1 星 很差");
    expect(starsLabel(4.5)).toBe("4.5 星");
    expect(starsLabel(4.25)).toBe("4.3 星");
    expect(starsLabel(5, true)).toBe("5.0 星");
  });
});
