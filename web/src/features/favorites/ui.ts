/** The favourites UI other features compose: heart button, the feed's hearts and price drops, the user's list. */
export { FavoriteButton } from "./favorite-button";
export { useFavoriteMarks } from "./favorite-heart";
export { FavoriteList } from "./favorite-list";
export { FavoritePriceDrop } from "./favorite-price-drop";
