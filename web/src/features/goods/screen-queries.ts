import type { GoodsListQuery, GoodsSearchQuery } from "@xianzhi/contract";
import type { Category, GoodsSort, SearchSort } from "@xianzhi/contract/constants";
import type { AppDispatch } from "../../app/store";
import { feedFilterQuery, readFeedFilters } from "./feed-filter-values";
import { goodsApi } from "./goods-api";
import { isPhoneLayout } from "./use-phone-layout";

export const FEED_PAGE_SIZE = 20;

/** The list or search filters every feed reads from its address. */
function feedQuery(params: URLSearchParams) {
  return {
    category: ((params.get("category") ?? "") as Category | "") || undefined,
    ...feedFilterQuery(readFeedFilters(params)),
    page: Number(params.get("page") ?? 1),
    pageSize: FEED_PAGE_SIZE,
  };
}

/** What the home screen asks for at its address. */
export function homeFeedQuery(params: URLSearchParams): Partial<GoodsListQuery> {
  return { ...feedQuery(params), sort: (params.get("sort") ?? "latest") as GoodsSort };
}

/**
 * What the home screen's feed asks for on a phone, which scrolls rather than pages: from the top,
 * whatever page the address names (its first page is the same question as the list's page 1).
 */
export function scrolledHomeFeedQuery(params: URLSearchParams): Partial<GoodsListQuery> {
  return { ...homeFeedQuery(params), page: 1 };
}

/** What the search screen asks for at its address (nothing without a keyword). */
export function searchQuery(params: URLSearchParams): Partial<GoodsSearchQuery> {
  const keyword = (params.get("keyword") ?? "").trim();
  return { keyword, ...feedQuery(params), sort: (params.get("sort") ?? "relevance") as SearchSort };
}

/**
 * Asks for a goods screen's data as soon as the router knows the address, while the screen's code
 * is still on its way: the answer is in the cache when the screen asks with the same arguments.
 */
export const prefetchGoodsScreen = {
  home: (dispatch: AppDispatch, url: URL) => {
    // A phone's feed kept from before (back from a goods page) keeps its pages: asked only when missing.
    if (isPhoneLayout()) {
      dispatch(goodsApi.endpoints.goodsFeed.initiate(scrolledHomeFeedQuery(url.searchParams), { subscribe: false }));
    } else {
      dispatch(goodsApi.util.prefetch("goodsList", homeFeedQuery(url.searchParams), {}));
    }
  },
  search: (dispatch: AppDispatch, url: URL) => {
    const query = searchQuery(url.searchParams);
    if (query.keyword) dispatch(goodsApi.util.prefetch("searchGoods", query, {}));
  },
  goodsInfo: (dispatch: AppDispatch, _url: URL, id = "") => {
    if (id) dispatch(goodsApi.util.prefetch("goodsInfo", id, {}));
  },
};
