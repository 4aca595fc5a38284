import type { BlockedUser } from "@xianzhi/contract";
import type { Db } from "../../db/database.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { WithDeliveries } from "../../plugins/realtime.js";
import type { Deps } from "../../services.js";
import { findUserById, toPublicUser } from "../accounts/index.js";
import { holdPair } from "../block-checks/index.js";
import { deleteFollow } from "../follows/index.js";
import { closeOffersOfBlock } from "../offers/index.js";
import * as repo from "./block-repository.js";

async function requireOther(db: Db, userId: number, otherId: number): Promise<void> {
  if (userId === otherId) throw appError("BLOCK_SELF");
  if (!(await findUserById(db, otherId))) throw appError("USER_NOT_FOUND");
}

/**
 * Blocks a user and, in one transaction, ends the follows between the two, both ways (the blocked
 * user's new goods no longer reach the blocker's 关注 feed, nor the blocker's theirs), and every
 * open offer between them (`closeOffersOfBlock`). The transaction holds the pair first, as every
 * change of their trade does: an accept at the same moment either commits before (its deal stands;
 * the block closes the offers still open) or waits and then finds the block (refused, nothing
 * written). Answers the list and the frames that show both sides the offers closed.
 */
export async function blockUser(
  { db, outbox }: Deps<"db" | "outbox">,
  blockerId: number,
  blockedId: number,
): Promise<WithDeliveries<BlockedUser[]>> {
  await requireOther(db, blockerId, blockedId);
  const now = nowIso();
  const deliveries = await db.transaction().execute(async (tx) => {
    await holdPair(tx, blockerId, blockedId);
    if (!(await repo.insertBlock(tx, blockerId, blockedId, now))) throw appError("ALREADY_BLOCKED");
    await deleteFollow(tx, blockerId, blockedId);
    await deleteFollow(tx, blockedId, blockerId);
    return closeOffersOfBlock(tx, outbox, blockerId, blockedId, now);
  });
  outbox.push();
  return { data: await blockedUsers({ db }, blockerId), deliveries };
}

export async function unblockUser({ db }: Deps<"db">, blockerId: number, blockedId: number): Promise<BlockedUser[]> {
  await requireOther(db, blockerId, blockedId);
  if (!(await repo.deleteBlock(db, blockerId, blockedId))) throw appError("NOT_BLOCKED");
  return blockedUsers({ db }, blockerId);
}

export async function blockedUsers({ db }: Deps<"db">, blockerId: number): Promise<BlockedUser[]> {
  return (await repo.blockedUsers(db, blockerId)).map((row) => ({ user: toPublicUser(row), blockedAt: row.createdAt }));
}
