/** What other features may use of pictures: the single upload call (the uploader is in ui.ts). */
export { useUploadPicture } from "./upload-picture";
