/**
 * What the app shell, other features and the screens may use of goods' data (light: loaded with the
 * shell); the components they compose are in ui.ts, everything else is internal.
 */
// The goods screens' styles come with the shell: the server renders those screens into the
// document, which must be styled before their code arrives.
import "./feed.css";
import "./goods-info.css";

export { cappedSortNote } from "./capped-sort-note";
export type { CardMarks, UseCardMarks } from "./card-marks";
export { feedFilterParams, readFeedFilters } from "./feed-filter-values";
export {
  countsVisit,
  FIRST_SCREEN_ELEMENT_ID,
  type FirstScreen,
  type FirstScreenSource,
  loadFirstScreen,
  readFirstScreen,
  upsertFirstScreen,
} from "./first-load";
export { goodsApi, useGoodsInfoQuery, useSearchGoodsQuery } from "./goods-api";
export { prefetchGoodsScreen, searchQuery } from "./screen-queries";
export { searchAddress, searchCriteriaAt } from "./search-address";
export { SearchBox } from "./search-box";
export { usePhoneLayoutOnceKnown } from "./use-phone-layout";
