/** The trade UI other features compose: the deal lists of the personal centre, a chat's 去评价. */
export { DealList } from "./deal-list";
export { DealReview } from "./deal-review";
