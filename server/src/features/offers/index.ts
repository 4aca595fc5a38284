// The offers feature's public face: what the rest of the server (other features, the app, jobs,
// plugins, commands, tests) may use of it. Everything else in this folder is its own.
export { acceptOffer, type BuyNow, reserveAtPrice } from "./offer-acceptance.js";
export { closeOffersOfBlock } from "./offer-blocking.js";
export { expireOffers, makeOffer, remindExpiringOffers } from "./offer-service.js";
export { offerRoutes } from "./routes.js";
