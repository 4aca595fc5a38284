import { describe, expect, it } from "vitest";
import { phoneColumns } from "./tab-grid";

describe("the tab grid on a phone", () => {
  it("fills every row: four to a row, or three where four would leave a row short and three would not", () => {
    expect([4, 8, 12].map(phoneColumns)).toEqual([4, 4, 4]);
    expect([3, 6, 9].map(phoneColumns)).toEqual([3, 3, 3]);
    expect([5, 7, 10].map(phoneColumns)).toEqual([4, 4, 4]);
  });
});
