import { GoodsLimits, type Picture, PictureLimits, type UploadedFile } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { lockUser } from "../../db/user-lock.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import { pictureUrls } from "./picture-files.js";
import {
  deletePictures,
  findPicturesByFileIds,
  insertPicture,
  picturesOfGoods,
  placePicture,
  storedBytesOf,
  unusedUploadsBefore,
} from "./picture-repository.js";

export function toPicture(row: { id: number; fileId: string }): Picture {
  return { id: String(row.id), fileId: row.fileId, ...pictureUrls(row.fileId) };
}

/**
 * Stores an upload within the owner's storage quota. The quota is checked twice: before receiving,
 * so that a full account costs no processing, and again under a lock on the owner with the
 * picture's real size, so that parallel uploads cannot together go past it.
 */
export async function receiveUpload(
  { db, pictureFiles }: Deps<"db" | "pictureFiles">,
  ownerId: number,
  upload: NodeJS.ReadableStream,
): Promise<UploadedFile> {
  if ((await storedBytesOf(db, ownerId)) >= PictureLimits.storagePerUserBytes) {
    throw appError("STORAGE_QUOTA_EXCEEDED");
  }
  const picture = await pictureFiles.receive(upload);
  try {
    await db.transaction().execute(async (tx) => {
      await lockUser(tx, ownerId);
      if ((await storedBytesOf(tx, ownerId)) + picture.bytes > PictureLimits.storagePerUserBytes) {
        throw appError("STORAGE_QUOTA_EXCEEDED");
      }
      await insertPicture(tx, { ...picture, ownerId, createdAt: nowIso() });
    });
  } catch (error) {
    await pictureFiles.remove([picture.fileId]);
    throw error;
  }
  return { fileId: picture.fileId, ...pictureUrls(picture.fileId), width: picture.width, height: picture.height };
}

/** The uploads named, each checked to be the owner's own and not on other goods. */
async function usablePictures(db: DbOrTx, ownerId: number, goodsId: number | null, fileIds: string[]) {
  const rows = await findPicturesByFileIds(db, fileIds);
  const byFileId = new Map(rows.map((row) => [row.fileId, row]));
  return fileIds.map((fileId) => {
    const row = byFileId.get(fileId);
    if (!row) throw appError("FILE_NOT_FOUND");
    if (row.ownerId !== ownerId) throw appError("NOT_YOUR_FILE");
    if (row.goodsId !== null && row.goodsId !== goodsId) throw appError("FILE_IN_USE");
    return row;
  });
}

/**
 * Makes the goods' pictures exactly these uploads, in this order. Returns the file ids that are no
 * longer used, to be removed from disk once the transaction has committed.
 */
export async function setGoodsPictures(
  tx: DbOrTx,
  ownerId: number,
  goodsId: number,
  fileIds: string[],
): Promise<string[]> {
  const wanted = await usablePictures(tx, ownerId, goodsId, fileIds);
  const current = await picturesOfGoods(tx, [goodsId]);
  const dropped = current.filter((picture) => !fileIds.includes(picture.fileId));
  await deletePictures(
    tx,
    dropped.map((picture) => picture.id),
  );
  for (const [position, picture] of wanted.entries()) await placePicture(tx, picture.id, goodsId, position);
  return dropped.map((picture) => picture.fileId);
}

/** Adds one upload after the goods' last picture; adding one already there changes nothing. */
export async function appendGoodsPicture(
  tx: DbOrTx,
  ownerId: number,
  goodsId: number,
  fileId: string,
): Promise<Picture> {
  const [picture] = await usablePictures(tx, ownerId, goodsId, [fileId]);
  if (!picture) throw appError("FILE_NOT_FOUND");
  if (picture.goodsId === goodsId) return toPicture(picture);
  const current = await picturesOfGoods(tx, [goodsId]);
  if (current.length >= GoodsLimits.picturesMax) throw appError("TOO_MANY_PICTURES");
  const lastPosition = current.at(-1)?.position ?? -1;
  await placePicture(tx, picture.id, goodsId, lastPosition + 1);
  return toPicture(picture);
}

/** Uploads left unused for a day (a post abandoned half-way) are deleted with their files. */
export async function purgeUnusedUploads(
  { db, pictureFiles }: Deps<"db" | "pictureFiles">,
  now = Date.now(),
): Promise<number> {
  const unused = await unusedUploadsBefore(db, new Date(now - 24 * 3600 * 1000).toISOString());
  await deletePictures(
    db,
    unused.map((picture) => picture.id),
  );
  await pictureFiles.remove(unused.map((picture) => picture.fileId));
  return unused.length;
}
