import { avatarFileId } from "@xianzhi/contract";
import type { Db } from "../../db/database.js";
import { appError } from "../../errors.js";
import { findPicturesByFileIds } from "../pictures/picture-repository.js";

/** An avatar must be one of the user's own uploads: someone else's picture or a made-up path is refused alike. */
export async function requireOwnAvatar(db: Db, userId: number, avatarUrl: string): Promise<void> {
  const fileId = avatarFileId(avatarUrl);
  const [picture] = fileId ? await findPicturesByFileIds(db, [fileId]) : [];
  if (picture?.ownerId !== userId) throw appError("BAD_AVATAR");
}
