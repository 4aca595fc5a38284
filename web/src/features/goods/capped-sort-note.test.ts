import { describe, expect, it } from "vitest";
import { cappedSortNote } from "./capped-sort-note";

describe("the note of a capped sorted search", () => {
  it("tells that a price or popularity order covers the newest matches only", () => {
    expect(cappedSortNote("price_asc", { total: 1000, totalCapped: true })).toBe(
      "结果较多，以下是最新发布的 1000 件按“价格从低到高”排列；加上分类或筛选可以找得更全",
    );
    expect(cappedSortNote("popular", { total: 1000, totalCapped: true })).toContain("按“最受欢迎”排列");
  });

  it("says nothing when every match is ordered: under the cap, newest first, or by relevance", () => {
    expect(cappedSortNote("price_desc", { total: 12 })).toBeNull();
    expect(cappedSortNote("latest", { total: 1000, totalCapped: true })).toBeNull();
    expect(cappedSortNote("relevance", { total: 1000, totalCapped: true })).toBeNull();
    expect(cappedSortNote("price_asc", undefined)).toBeNull();
  });
});
