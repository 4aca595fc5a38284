/**
 * npm run pictures:to-s3: copies the pictures kept on disk (DATA_DIR/uploads) to the bucket the
 * S3_* settings name, before the server is started with them. Run it again as often as needed:
 * what the bucket already holds is skipped, so a run cut off goes on where it stopped, and a last
 * run after stopping the old server copies what it received meanwhile. The files on disk stay.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { ConfigError, loadConfig, repoRoot } from "../src/config.js";
import { readEnvironment } from "../src/env-files.js";
import {
  DiskPictureStore,
  openPictureStore,
  type PictureStore,
  storedNameOf,
  uploadsFolder,
} from "../src/features/pictures/index.js";

class UsageError extends Error {}

/** Files sent to the bucket at once. */
const PARALLEL = 8;

interface CopySummary {
  copied: number;
  alreadyThere: number;
  /** Files the server did not write as pictures (temporary files of uploads, anything else). */
  notPictures: number;
}

async function copyOne(from: DiskPictureStore, to: PictureStore, name: string): Promise<boolean> {
  if (await to.exists(name)) return false;
  await to.put(name, await fs.readFile(path.join(from.folder, name)));
  return true;
}

async function copyPictures(from: DiskPictureStore, to: PictureStore): Promise<CopySummary> {
  const summary: CopySummary = { copied: 0, alreadyThere: 0, notPictures: 0 };
  for await (const names of from.namesInBatches()) {
    const pictures = names.filter((name) => storedNameOf(name)?.kind === "picture");
    summary.notPictures += names.length - pictures.length;
    for (let start = 0; start < pictures.length; start += PARALLEL) {
      const copied = await Promise.all(pictures.slice(start, start + PARALLEL).map((name) => copyOne(from, to, name)));
      for (const wasCopied of copied) summary[wasCopied ? "copied" : "alreadyThere"]++;
    }
  }
  return summary;
}

async function main(): Promise<void> {
  const environment = readEnvironment(repoRoot);
  const config = loadConfig(environment.values, environment.sources);
  if (!config.s3) {
    throw new UsageError(
      "pictures:to-s3 copies to the bucket the settings name: set S3_BUCKET and S3_PUBLIC_URL (see the README's Storage)",
    );
  }
  const from = new DiskPictureStore(uploadsFolder(config));
  const to = await openPictureStore(config);
  try {
    console.log(`copying the pictures in ${from.folder} to the bucket ${config.s3.bucket}`);
    const { copied, alreadyThere, notPictures } = await copyPictures(from, to);
    console.log(`copied ${copied}, already there ${alreadyThere}, not pictures (left alone) ${notPictures}`);
  } finally {
    to.close();
  }
}

main().catch((error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  if (error instanceof UsageError || error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? `${error.message}${cause}` : error);
  process.exit(1);
});
