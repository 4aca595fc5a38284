/** The picture uploader other features compose. */
export { type PictureItem, PictureUploader } from "./picture-uploader";
