/** The chat UI other features compose: 出价 on the goods page. */
export { OfferButton } from "./offer-button";
