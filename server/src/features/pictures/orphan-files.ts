import type { DbOrTx } from "../../db/database.js";
import type { Deps } from "../../services.js";
import { storedNameOf } from "./picture-files.js";
import { fileIdsWithRows } from "./picture-repository.js";
import type { PictureStore } from "./picture-store.js";

export interface OrphansRemoved {
  temporaries: number;
  pictureFiles: number;
}

/**
 * Removes what interrupted uploads leave behind: temporary files of uploads cut off mid-stream,
 * and picture files whose row was never committed (the process died between writing the files
 * and inserting the row). Only files last written before the grace period go: an upload in flight,
 * on this process or another on the same folder, writes its temporary file as the bytes come and
 * commits its row right after writing its files. Both places are walked: the store, and the work
 * folder where uploads are received when the store is a bucket.
 */
export async function purgeOrphanFiles(
  { db, pictureFiles }: Deps<"db" | "pictureFiles">,
  graceMs: number,
  now = Date.now(),
): Promise<OrphansRemoved> {
  const removed: OrphansRemoved = { temporaries: 0, pictureFiles: 0 };
  for (const place of pictureFiles.leftoverPlaces()) {
    const fromPlace = await purgeOrphansOf(db, place, now - graceMs);
    removed.temporaries += fromPlace.temporaries;
    removed.pictureFiles += fromPlace.pictureFiles;
  }
  return removed;
}

async function purgeOrphansOf(db: DbOrTx, place: PictureStore, cutoff: number): Promise<OrphansRemoved> {
  const removed: OrphansRemoved = { temporaries: 0, pictureFiles: 0 };
  for await (const names of place.namesInBatches()) {
    const temporaries: string[] = [];
    const pictures: { name: string; fileId: string }[] = [];
    for (const name of names) {
      const stored = storedNameOf(name);
      if (stored?.kind === "temporary") temporaries.push(name);
      else if (stored?.kind === "picture") pictures.push({ name, fileId: stored.fileId });
    }
    const withRows = new Set(await fileIdsWithRows(db, [...new Set(pictures.map((picture) => picture.fileId))]));
    const orphans = pictures.filter((picture) => !withRows.has(picture.fileId)).map((picture) => picture.name);
    removed.temporaries += await place.removeIfWrittenBefore(temporaries, cutoff);
    removed.pictureFiles += await place.removeIfWrittenBefore(orphans, cutoff);
  }
  return removed;
}
