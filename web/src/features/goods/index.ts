/** What other features may use of goods' data; its screens are loaded by the router, everything else is internal. */
// The goods screens' styles come with the shell: the server renders those screens into the
// document, which must be styled before their code arrives.
import "./feed.css";
import "./goods-info.css";

export {
  countsVisit,
  FIRST_SCREEN_ELEMENT_ID,
  type FirstScreen,
  type FirstScreenSource,
  loadFirstScreen,
  readFirstScreen,
  upsertFirstScreen,
} from "./first-load";
export { goodsApi, useGoodsInfoQuery } from "./goods-api";
export { prefetchGoodsScreen } from "./screen-queries";
export { searchAddress } from "./search-address";
export { SearchBox } from "./search-box";
