/** The personal centre's list of saved searches (drawn with Ant Design). */
export { SavedSearchList } from "./saved-search-list";
