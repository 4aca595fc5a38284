import { describe, expect, it } from "vitest";
import { feedFilterParams, feedFilterQuery, NO_FILTERS, readFeedFilters } from "./feed-filter-values";

const read = (query: string) => readFeedFilters(new URLSearchParams(query));

describe("the feed's filters in the URL", () => {
  it("reads yuan, conditions and the city, and asks the API in fen", () => {
    const values = read(`minPrice=12.5&maxPrice=300&condition=new,good&city=${encodeURIComponent(" 上海 ")}`);
    expect(values).toEqual({ minYuan: 12.5, maxYuan: 300, conditions: ["new", "good"], city: "上海" });
    expect(feedFilterQuery(values)).toEqual({
      minPrice: 1250,
      maxPrice: 30000,
      condition: ["new", "good"],
      city: "上海",
    });
  });

  it("leaves out what the URL cannot mean instead of sending a request that fails", () => {
    expect(read("minPrice=abc&maxPrice=-5&condition=used,,new&city=")).toEqual({
      minYuan: undefined,
      maxYuan: undefined,
      conditions: ["new"],
      city: "",
    });
    expect(feedFilterQuery(read("minPrice=500&maxPrice=100"))).toMatchObject({ minPrice: 10000, maxPrice: 50000 });
    expect(feedFilterQuery(NO_FILTERS)).toEqual({});
  });

  it("writes back what it read, and removes what is cleared", () => {
    const query = "minPrice=10&maxPrice=20&condition=new%2Clike_new&city=%E5%8C%97%E4%BA%AC";
    expect(new URLSearchParams(feedFilterParams(read(query))).toString()).toBe(query);
    expect(feedFilterParams(NO_FILTERS)).toEqual({ minPrice: "", maxPrice: "", condition: "", city: "" });
  });
});
