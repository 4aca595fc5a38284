import { describe, expect, it } from "vitest";
import { searchAddress, searchCriteriaAt } from "./search-address";

describe("a search's address and its criteria", () => {
  it("keeps the keyword and filters, in fen for the API and in yuan in the address", () => {
    const address =
      "keyword=手机&category=digital&minPrice=100&maxPrice=500.5&condition=new,like_new&city=上海&sort=price_asc&page=3";
    const criteria = searchCriteriaAt(new URLSearchParams(address));
    expect(criteria).toEqual({
      keyword: "手机",
      category: "digital",
      minPrice: 10_000,
      maxPrice: 50_050,
      condition: ["new", "like_new"],
      city: "上海",
    });
    const back = new URL(searchAddress(criteria ?? { keyword: "" }), "http://x");
    expect(back.pathname).toBe("/search_result");
    expect(searchCriteriaAt(back.searchParams)).toEqual(criteria);
  });

  it("has nothing to keep without a keyword, and leaves out the filters not set", () => {
    expect(searchCriteriaAt(new URLSearchParams("keyword=%20&city=上海"))).toBeUndefined();
    expect(searchCriteriaAt(new URLSearchParams("keyword=自行车"))).toEqual({ keyword: "自行车" });
    expect(searchAddress({ keyword: "自行车" })).toBe(`/search_result?keyword=${encodeURIComponent("自行车")}`);
  });
});
