import { avatarFileId, type DeleteAccountBody, OwnDataLimits } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import { verifyPassword } from "../../lib/secrets.js";
import type { Deps } from "../../services.js";
import type { CurrentUser } from "../accounts/index.js";
import { findUserById, requireFreshProof } from "../accounts/index.js";
import { adjustListedCount } from "../goods-status/index.js";
import * as repo from "./deletion-repository.js";

/**
 * Closes the caller's account at once, in one transaction: sign-in ends (every session), the goods
 * are removed (they leave lists, search and the seller page with their pictures, comments and
 * favourites, as when the owner deletes them), what only the owner saw goes, and what others
 * keep (comments, chats, deals, reviews) shows 已注销用户 without an avatar. The picture files go
 * once the rows are gone. Refused while a deal is in progress: the other side is waiting on it.
 */
export async function deleteAccount(
  { db, pictureFiles }: Deps<"db" | "pictureFiles">,
  me: CurrentUser,
  body: DeleteAccountBody,
): Promise<void> {
  await requireFreshProof({ db }, me, { carriesPassword: true });
  const user = await findUserById(db, me.userId);
  if (!user || user.deletedAt) throw appError("SESSION_EXPIRED");
  if (!(await verifyPassword(body.password, user.passwordHash))) throw appError("OLD_PASSWORD_WRONG", "密码错误");
  const avatar = user.avatarUrl ? avatarFileId(user.avatarUrl) : null;
  const fileIds = await db.transaction().execute(async (tx) => {
    const now = nowIso();
    if (!(await repo.markDeleted(tx, me.userId, now))) throw appError("ACCOUNT_DELETED", "账号已注销");
    const goods = await repo.goodsOfSeller(tx, me.userId);
    if (await repo.hasReservedDealAsParty(tx, me.userId)) throw appError("ACCOUNT_HAS_OPEN_DEALS");
    const files = await repo.pictureFilesToRemove(
      tx,
      me.userId,
      goods.map((row) => row.id),
      avatar,
    );
    await removeGoods(tx, me.userId, goods);
    await repo.removePrivateRows(tx, me.userId, avatar, now);
    return files;
  });
  await pictureFiles.remove(fileIds);
}

/** The goods go as one statement; the listed counts drop by category as the goods did. */
async function removeGoods(tx: DbOrTx, sellerId: number, goods: { category: string; listed: number }[]) {
  const listedByCategory = new Map<string, number>();
  for (const row of goods) listedByCategory.set(row.category, (listedByCategory.get(row.category) ?? 0) + row.listed);
  await tx.deleteFrom("goods").where("sellerId", "=", sellerId).execute();
  for (const [category, listed] of listedByCategory) {
    if (listed > 0) await adjustListedCount(tx, category, -listed);
  }
}

const HOLD_MS = OwnDataLimits.deletedAccountHoldDays * 24 * 3600 * 1000;
const PURGE_BATCH = 500;

/**
 * Frees the usernames and e-mails of accounts closed `deletedAccountHoldDays` before `now`, so
 * others may register them. Run by the periodic purge; answers how many it freed.
 */
export async function purgeDeletedAccounts({ db }: Deps<"db">, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - HOLD_MS).toISOString();
  let freed = 0;
  for (;;) {
    const due = await repo.accountsDueForPurge(db, cutoff, PURGE_BATCH);
    await repo.freeNames(db, due, new Date(now).toISOString());
    freed += due.length;
    if (due.length < PURGE_BATCH) return freed;
  }
}
