import { describe, expect, it } from "vitest";
import { cityOf } from "./goods-location";

describe("the city a goods card shows", () => {
  it("is the location's first word", () => {
    expect(cityOf("上海 徐汇")).toBe("上海");
    expect(cityOf("  北京   朝阳 望京 ")).toBe("北京");
    expect(cityOf("杭州")).toBe("杭州");
    expect(cityOf("上海市徐汇区")).toBe("上海市徐汇区");
  });

  it("is nothing without a location", () => {
    expect(cityOf("")).toBe("");
    expect(cityOf("   ")).toBe("");
  });
});
