// The pictures feature's public face: what the rest of the server (other features, the app, jobs,
// plugins, commands, tests) may use of it. Everything else in this folder is its own.
export { coverThumbUrls } from "./covers.js";
export { servePictureFiles } from "./file-routes.js";
export { purgeOrphanFiles } from "./orphan-files.js";
export type { PictureFiles, ProcessedPicture } from "./picture-files.js";
export { pictureUrls, savedPictureAddress, servePicturesFrom, storedNameOf } from "./picture-files.js";
export { findPicturesByFileIds, insertPicture, picturesOfGoods } from "./picture-repository.js";
export { appendGoodsPicture, purgeUnusedUploads, setGoodsPictures, toPicture } from "./picture-service.js";
export { openPictureFiles, openPictureStore, uploadsFolder } from "./picture-storage.js";
export type { PictureStore } from "./picture-store.js";
export { DiskPictureStore } from "./picture-store.js";
export { pictureRoutes } from "./routes.js";
