import { describe, expect, it } from "vitest";
import { BRANDS, brandNames } from "./constants.js";

describe("the brand table", () => {
  it("gives a brand's other names after the word as typed, in any letter case", () => {
    expect(brandNames("Nike")).toEqual(["Nike", "耐克"]);
    expect(brandNames("nike")).toEqual(["nike", "耐克"]);
    expect(brandNames("耐克")).toEqual(["耐克", "Nike"]);
    expect(brandNames("lego")).toEqual(["lego", "乐高"]);
    expect(brandNames("板鞋")).toEqual(["板鞋"]);
    expect(brandNames("iPhone")).toEqual(["iPhone"]);
  });

  it("names each brand once, each name one word", () => {
    const names = BRANDS.flat().map((name) => name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^\S+$/);
    expect(BRANDS.length).toBeGreaterThanOrEqual(24);
  });
});
