import path from "node:path";
import type { Config } from "../../config.js";
import { PictureFiles } from "./picture-files.js";
import { DiskPictureStore, type PictureStore } from "./picture-store.js";

/** The store the settings name: the S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export async function openPictureStore(config: Pick<Config, "dataDir" | "s3">): Promise<PictureStore> {
  if (!config.s3) return new DiskPictureStore(uploadsFolder(config));
  // The AWS SDK is loaded only by those who use it: a start on disk does without its load time.
  // Its versions after January 2027 will need Node 22, which it says at every start on Node 20 as a
  // process warning; the README's Storage section says it once, for whoever upgrades. An operator
  // who sets the variable either way keeps their choice.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const { S3PictureStore } = await import("./s3-picture-store.js");
  return new S3PictureStore(config.s3);
}

/** Pictures on disk, and the work folder of uploads whatever the store. */
export function uploadsFolder(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "uploads");
}

export async function openPictureFiles(config: Pick<Config, "dataDir" | "s3">): Promise<PictureFiles> {
  return new PictureFiles(await openPictureStore(config), uploadsFolder(config));
}
