/** What other features may use of goods' data; its screens are loaded by the router, everything else is internal. */
export { goodsApi, useGoodsInfoQuery } from "./goods-api";
export { prefetchGoodsScreen } from "./screen-queries";
