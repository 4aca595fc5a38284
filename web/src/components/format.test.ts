import { describe, expect, it } from "vitest";
import { formatPrice } from "./format";

describe("formatPrice", () => {
  it("writes whole yuan without fen and groups the digits in threes, as zh-CN does", () => {
    for (const cents of [0, 100, 239_900, 123_456_700, 99_999_999_900]) {
      expect(formatPrice(cents)).toBe(`¥${(cents / 100).toLocaleString("zh-CN", { maximumFractionDigits: 0 })}`);
    }
    expect(formatPrice(239_900)).toBe("¥2,399");
  });

  it("writes fen as two digits", () => {
    expect(formatPrice(4550)).toBe("¥45.50");
    expect(formatPrice(5)).toBe("¥0.05");
    expect(formatPrice(123_456_789)).toBe("¥1,234,567.89");
  });
});
