import type { PageQuery, SellerGoodsQuery } from "@xianzhi/contract";
import type { AppDispatch } from "../../app/store";
import { sellersApi } from "./sellers-api";

const GOODS_PAGE_SIZE = 20;
const REVIEWS_PAGE_SIZE = 10;

/** The tabs of a user's page: their goods on sale, sold, and the reviews about them. */
export type SellerTab = "on_sale" | "sold" | "reviews";

/** The tab the address shows: `?tab=sold`, `?tab=reviews`, else 在售. */
export function sellerTab(params: URLSearchParams): SellerTab {
  const tab = params.get("tab");
  return tab === "sold" || tab === "reviews" ? tab : "on_sale";
}

const pageOf = (params: URLSearchParams) => Number(params.get("page") ?? 1) || 1;

/** The tab and page of the seller's goods the address shows: `?tab=sold&page=2`. */
export function sellerGoodsQuery(params: URLSearchParams): SellerGoodsQuery {
  return {
    status: sellerTab(params) === "sold" ? "sold" : "on_sale",
    page: pageOf(params),
    pageSize: GOODS_PAGE_SIZE,
  };
}

/** The page of reviews the address shows: `?tab=reviews&page=2`. */
export function sellerReviewsQuery(params: URLSearchParams): PageQuery {
  return { page: pageOf(params), pageSize: REVIEWS_PAGE_SIZE };
}

/** Asks for the seller's page while the screen's code is on its way (see the router). */
export function prefetchSellerScreen(dispatch: AppDispatch, url: URL, id = ""): void {
  if (!id) return;
  dispatch(sellersApi.util.prefetch("sellerProfile", id, {}));
  if (sellerTab(url.searchParams) === "reviews") {
    dispatch(sellersApi.util.prefetch("sellerReviews", { id, ...sellerReviewsQuery(url.searchParams) }, {}));
  } else {
    dispatch(sellersApi.util.prefetch("sellerGoods", { id, ...sellerGoodsQuery(url.searchParams) }, {}));
  }
}
