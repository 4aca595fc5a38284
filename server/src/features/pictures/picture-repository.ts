import { sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";

export async function insertPicture(
  db: DbOrTx,
  picture: { fileId: string; ownerId: number; width: number; height: number; bytes: number; createdAt: string },
): Promise<void> {
  await db
    .insertInto("pictures")
    .values({ ...picture, goodsId: null })
    .execute();
}

export function findPicturesByFileIds(db: DbOrTx, fileIds: string[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("pictures").selectAll().where("fileId", "in", fileIds).execute();
}

export async function fileIdsWithRows(db: DbOrTx, fileIds: string[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await db.selectFrom("pictures").select("fileId").where("fileId", "in", fileIds).execute();
  return rows.map((row) => row.fileId);
}

/** The bytes the owner's pictures take on disk, unused uploads included. */
export async function storedBytesOf(db: DbOrTx, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom("pictures")
    .select(({ fn }) => fn.coalesce(fn.sum<number | string>("bytes"), sql<number>`0`).as("bytes"))
    .where("ownerId", "=", ownerId)
    .executeTakeFirst();
  // PostgreSQL sums integers into a bigint, which node-postgres hands over as a string.
  return Number(row?.bytes ?? 0);
}

export function picturesOfGoods(db: DbOrTx, goodsIds: number[]) {
  if (goodsIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("pictures")
    .select(["id", "fileId", "goodsId", "position"])
    .where("goodsId", "in", goodsIds)
    .orderBy("goodsId")
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export async function placePicture(db: DbOrTx, pictureId: number, goodsId: number, position: number): Promise<void> {
  await db.updateTable("pictures").set({ goodsId, position }).where("id", "=", pictureId).execute();
}

export async function deletePictures(db: DbOrTx, pictureIds: number[]): Promise<void> {
  if (pictureIds.length === 0) return;
  await db.deleteFrom("pictures").where("id", "in", pictureIds).execute();
}

/** Uploads never attached to goods nor used as an avatar, older than the cutoff. */
export function unusedUploadsBefore(db: DbOrTx, cutoff: string) {
  return (
    db
      .selectFrom("pictures")
      .select(["id", "fileId"])
      .where("goodsId", "is", null)
      .where("createdAt", "<", cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("users")
              .select("users.id")
              // The profile form may show either size of the upload as the avatar.
              .where("users.avatarUrl", "in", [
                sql<string>`'/files/' || pictures.file_id || '.webp'`,
                sql<string>`'/files/' || pictures.file_id || '-thumb.webp'`,
              ]),
          ),
        ),
      )
      // A refund's evidence stays as long as the refund.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("refundPictures")
              .select("refundPictures.fileId")
              .whereRef("refundPictures.fileId", "=", "pictures.fileId"),
          ),
        ),
      )
      .limit(500)
      .execute()
  );
}
