/**
 * What the app shell and the screens use of seller pages: their prefetch, and the queries the seller
 * screen reads. The components are in ui.ts.
 */
export { prefetchSellerScreen, sellerGoodsQuery } from "./screen-queries";
export { useSellerGoodsQuery, useSellerProfileQuery } from "./sellers-api";
