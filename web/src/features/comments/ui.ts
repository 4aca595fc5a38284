/** The comments UI other features compose. */
export { CommentSection } from "./comment-section";
