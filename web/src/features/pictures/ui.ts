/** The picture uploader other features compose, and what a form says about pictures. */
export { PICTURE_HINT } from "./picture-rules";
export { type PictureItem, PictureUploader } from "./picture-uploader";
