/** The seller-page UI other features compose: the link to a user's page. */
export { ProfileLink } from "./profile-link";
