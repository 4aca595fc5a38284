import type { Db } from "../../db/database.js";
import { appError } from "../../errors.js";
import { findPicturesByFileIds, savedPictureAddress } from "../pictures/index.js";

/**
 * An avatar must be one of the user's own uploads: someone else's picture or a made-up address is
 * refused alike. Returns the address to save ("/files/…", whatever the picture store).
 */
export async function ownAvatarAddress(db: Db, userId: number, avatarUrl: string): Promise<string> {
  const picture = savedPictureAddress(avatarUrl);
  const [row] = picture ? await findPicturesByFileIds(db, [picture.fileId]) : [];
  if (!picture || row?.ownerId !== userId) throw appError("BAD_AVATAR");
  return picture.saved;
}
