import type { SellerGoodsQuery } from "@xianzhi/contract";
import type { AppDispatch } from "../../app/store";
import { sellersApi } from "./sellers-api";

const GOODS_PAGE_SIZE = 20;

/** The tab and page of the seller's goods the address shows: `?tab=sold&page=2`. */
export function sellerGoodsQuery(params: URLSearchParams): SellerGoodsQuery {
  return {
    status: params.get("tab") === "sold" ? "sold" : "on_sale",
    page: Number(params.get("page") ?? 1) || 1,
    pageSize: GOODS_PAGE_SIZE,
  };
}

/** Asks for the seller's page while the screen's code is on its way (see the router). */
export function prefetchSellerScreen(dispatch: AppDispatch, url: URL, id = ""): void {
  if (!id) return;
  dispatch(sellersApi.util.prefetch("sellerProfile", id, {}));
  dispatch(sellersApi.util.prefetch("sellerGoods", { id, ...sellerGoodsQuery(url.searchParams) }, {}));
}
