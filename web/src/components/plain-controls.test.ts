import { describe, expect, it } from "vitest";
import { pageNumbers } from "./plain-controls";

describe("the pager's page numbers", () => {
  it("shows every page of a short list", () => {
    expect(pageNumbers(1, 2)).toEqual([1, 2]);
    expect(pageNumbers(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps the first, the last and two on each side of the current page, with gaps between", () => {
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, "gap", 20]);
    expect(pageNumbers(10, 20)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap", 20]);
    expect(pageNumbers(20, 20)).toEqual([1, "gap", 18, 19, 20]);
    expect(pageNumbers(4, 20)).toEqual([1, 2, 3, 4, 5, 6, "gap", 20]);
  });
});
