/**
 * What the app shell, other features and the screens may use of goods' data (light: loaded with the
 * shell); the components they compose are in ui.ts, everything else is internal.
 */
// The goods screens' styles come with their components (CSS modules); a document the server
// rendered a goods screen into has every stylesheet of the build in it (server/src/plugins/first-screen.ts).
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
