/** The favourites UI other features compose: heart button, the feed's hearts and the user's list. */
export { FavoriteButton } from "./favorite-button";
export { useFavoriteHearts } from "./favorite-heart";
export { FavoriteList } from "./favorite-list";
