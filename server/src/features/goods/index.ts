// The goods feature's public face: what the rest of the server (other features, the app, jobs,
// plugins, commands, tests) may use of it. Everything else in this folder is its own.
export { visitedGoods } from "./goods-detail.js";
export { toGoodsList } from "./goods-mapper.js";
export type { GoodsWithSellerRow } from "./goods-repository.js";
export { lockGoodsById, selectGoodsWithSeller, sellerOfGoods } from "./goods-repository.js";
export { searchTerms } from "./goods-search.js";
export {
  createGoods,
  editGoods,
  goodsDetail,
  listGoods,
  pageOf,
  pageWindow,
  requireGoods,
  requireGoodsFor,
  requireOwnGoods,
  searchGoods,
} from "./goods-service.js";
export { changeVisibility, hideSellerGoods, restoreSellerGoods } from "./goods-visibility.js";
export { cursorAfterNewest, readCursor } from "./list-cursor.js";
export type { ListWindow } from "./listed-pages.js";
export { goodsRoutes } from "./routes.js";
export { ViewCounter } from "./view-counter.js";
