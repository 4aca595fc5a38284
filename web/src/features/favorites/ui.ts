/** The favourites UI other features compose: heart button and the user's list. */
export { FavoriteButton } from "./favorite-button";
export { FavoriteList } from "./favorite-list";
