import type { BlockedUser } from "@xianzhi/contract";
import type { Db, DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import { toPublicUser } from "../accounts/user-mapper.js";
import { findUserById } from "../accounts/user-repository.js";
import { deleteFollow } from "../follows/follow-repository.js";
import * as repo from "./block-repository.js";

async function requireOther(db: Db, userId: number, otherId: number): Promise<void> {
  if (userId === otherId) throw appError("BLOCK_SELF");
  if (!(await findUserById(db, otherId))) throw appError("USER_NOT_FOUND");
}

/**
 * Blocks a user and ends the follows between the two, both ways, in one transaction: the blocked
 * user's new goods no longer reach the blocker's 关注 feed, nor the blocker's theirs.
 */
export async function blockUser(db: Db, blockerId: number, blockedId: number): Promise<BlockedUser[]> {
  await requireOther(db, blockerId, blockedId);
  await db.transaction().execute(async (tx) => {
    if (!(await repo.insertBlock(tx, blockerId, blockedId, nowIso()))) throw appError("ALREADY_BLOCKED");
    await deleteFollow(tx, blockerId, blockedId);
    await deleteFollow(tx, blockedId, blockerId);
  });
  return blockedUsers(db, blockerId);
}

export async function unblockUser(db: Db, blockerId: number, blockedId: number): Promise<BlockedUser[]> {
  await requireOther(db, blockerId, blockedId);
  if (!(await repo.deleteBlock(db, blockerId, blockedId))) throw appError("NOT_BLOCKED");
  return blockedUsers(db, blockerId);
}

export async function blockedUsers(db: Db, blockerId: number): Promise<BlockedUser[]> {
  return (await repo.blockedUsers(db, blockerId)).map((row) => ({ user: toPublicUser(row), blockedAt: row.createdAt }));
}

/**
 * Refuses what `actorId` is about to do towards `otherId` (a message, an offer, a comment on their
 * goods) when either has blocked the other, saying which.
 */
export async function requireNotBlocked(db: DbOrTx, actorId: number, otherId: number): Promise<void> {
  const blockers = await repo.blockersBetween(db, actorId, otherId);
  if (blockers.includes(actorId)) throw appError("YOU_BLOCKED_THEM");
  if (blockers.includes(otherId)) throw appError("THEY_BLOCKED_YOU");
}
