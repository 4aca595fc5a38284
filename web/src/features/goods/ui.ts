/** The goods components other features and the screens compose. */
export { GoodsMissing, OwnerActions } from "./antd-parts";
export { ActiveFilters, FeedFilterButton, NothingMatches } from "./feed-filters";
export { FeedSelect, FeedToolbar } from "./feed-toolbar";
export { FollowingFeed } from "./following-feed";
export { GoodsGallery } from "./goods-gallery";
export { GoodsGrid } from "./goods-grid";
export { ModerationNotice } from "./moderation-notice";
export { MyGoods } from "./my-goods";
export { RecommendedFeed } from "./recommended-feed";
export { SimilarGoods } from "./similar-goods";
