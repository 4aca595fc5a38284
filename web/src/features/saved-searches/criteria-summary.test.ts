import { CONDITIONS } from "@xianzhi/contract/constants";
import { describe, expect, it } from "vitest";
import { criteriaSummary } from "./criteria-summary";

describe("a saved search in words", () => {
  it("names the keyword and every filter set", () => {
    expect(
      criteriaSummary({
        keyword: "手机",
        category: "digital",
        minPrice: 10_000,
        maxPrice: 50_050,
        condition: ["new"],
        city: "上海",
      }),
    ).toBe(`“手机” · 数码影音 · ¥100 – ¥500.50 · ${CONDITIONS.new} · 上海`);
  });

  it("says an open price range as such", () => {
    expect(criteriaSummary({ keyword: "台灯", minPrice: 2_000 })).toBe("“台灯” · ¥20 起");
    expect(criteriaSummary({ keyword: "台灯", maxPrice: 2_000 })).toBe("“台灯” · ¥20 以内");
    expect(criteriaSummary({ keyword: "台灯" })).toBe("“台灯”");
  });
});
