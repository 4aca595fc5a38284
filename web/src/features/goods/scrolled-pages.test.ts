import type { Goods } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import { loadedGoodsPages } from "./scrolled-pages";

const goods = (id: number) => ({ id: String(id) }) as Goods;
const page = (ids: number[]) => ({ list: ids.map(goods), total: 9, page: 1, pageSize: 3 });
const ids = (pages: Goods[][]) => pages.map((list) => list.map((item) => item.id));

describe("the pages a scrolled feed shows", () => {
  it("shows each goods once, in the first page that brought it", () => {
    expect(ids(loadedGoodsPages([page([9, 8, 7]), page([7, 6, 5]), page([5, 4])]))).toEqual([
      ["9", "8", "7"],
      ["6", "5"],
      ["4"],
    ]);
  });

  it("shows nothing before the first page", () => {
    expect(loadedGoodsPages(undefined)).toEqual([]);
  });
});
