/** The parts of a user's page the seller screen composes. */
export { SellerHeader } from "./seller-header";
export { SellerTabs } from "./seller-tabs";
