import { describe, expect, it } from "vitest";
import { stageRatio } from "./gallery-ratio";

describe("the goods page's picture stage", () => {
  it("takes a landscape cover's shape, so no band is left under it", () => {
    expect(stageRatio(1600, 1200)).toBeCloseTo(4 / 3);
    expect(stageRatio(1920, 1080)).toBeCloseTo(16 / 9);
  });

  it("stays square for portrait and square covers, and stops at 2:1 for a panorama", () => {
    expect(stageRatio(900, 1600)).toBe(1);
    expect(stageRatio(800, 800)).toBe(1);
    expect(stageRatio(4000, 1000)).toBe(2);
  });

  it("stays square while the cover's size is unknown", () => {
    expect(stageRatio(0, 0)).toBe(1);
  });
});
