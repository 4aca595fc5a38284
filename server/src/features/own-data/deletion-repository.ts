import { DELETED_USER_NAME } from "@xianzhi/contract";
import { sql } from "kysely";
import { type DbOrTx, dialectOf } from "../../db/database.js";

/**
 * Closes the account if it is still open: the name others see becomes 已注销用户, the avatar and
 * bio go. The username and e-mail stay (held until the purge). Answers false when another request
 * closed it first: on PostgreSQL the second update waits for the first to commit, then finds the
 * row no longer open.
 */
export async function markDeleted(tx: DbOrTx, userId: number, now: string): Promise<boolean> {
  const row = await tx
    .updateTable("users")
    .set({
      deletedAt: now,
      updatedAt: now,
      username: DELETED_USER_NAME,
      nickname: DELETED_USER_NAME,
      avatarUrl: null,
      bio: "",
    })
    .where("id", "=", userId)
    .where("deletedAt", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the user is buyer or seller of a deal still in progress. */
export async function hasReservedDealAsParty(tx: DbOrTx, userId: number): Promise<boolean> {
  const row = await tx
    .selectFrom("deals")
    .select("id")
    .where("status", "=", "reserved")
    .where((eb) => eb.or([eb("buyerId", "=", userId), eb("sellerId", "=", userId)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** The user's goods, locked on PostgreSQL so that no offer is accepted on them meanwhile. */
export function goodsOfSeller(tx: DbOrTx, sellerId: number) {
  let query = tx.selectFrom("goods").select(["id", "category", "listed"]).where("sellerId", "=", sellerId);
  if (dialectOf(tx) === "postgres") query = query.forUpdate();
  return query.execute();
}

/** The stored names of the pictures of these goods, and of the avatar if it is one of the user's uploads. */
export async function pictureFilesToRemove(
  tx: DbOrTx,
  userId: number,
  goodsIds: number[],
  avatarFileId: string | null,
): Promise<string[]> {
  const rows = await tx
    .selectFrom("pictures")
    .select("fileId")
    .where((eb) =>
      eb.or([
        ...(goodsIds.length > 0 ? [eb("goodsId", "in", goodsIds)] : []),
        ...(avatarFileId ? [eb.and([eb("ownerId", "=", userId), eb("fileId", "=", avatarFileId)])] : []),
        eb.lit(false),
      ]),
    )
    .execute();
  return rows.map((row) => row.fileId);
}

/**
 * Removes what belongs to the user alone and nobody else sees: sessions and their push subscriptions, the two-step secret and codes, passkeys, favourites, follows both
 * ways, saved searches, notifications, blocks both ways, sign-in failures, the avatar's upload.
 * Open offers they made on others' goods are withdrawn. Comments, chat messages, deals and
 * reviews stay: they are part of other people's conversations and trades.
 */
export async function removePrivateRows(tx: DbOrTx, userId: number, avatarFileId: string | null, now: string) {
  await tx.deleteFrom("pushSubscriptions").where("userId", "=", userId).execute();
  await tx.deleteFrom("sessions").where("userId", "=", userId).execute();
  await tx.deleteFrom("twoStepTickets").where("userId", "=", userId).execute();
  await tx.deleteFrom("twoStepRecoveryCodes").where("userId", "=", userId).execute();
  await tx.deleteFrom("twoStepSecrets").where("userId", "=", userId).execute();
  await tx.deleteFrom("passkeys").where("userId", "=", userId).execute();
  await tx.deleteFrom("passkeyAccounts").where("userId", "=", userId).execute();
  await tx.deleteFrom("webauthnChallenges").where("userId", "=", userId).execute();
  await tx.deleteFrom("knownDevices").where("userId", "=", userId).execute();
  await tx.deleteFrom("deviceAlerts").where("userId", "=", userId).execute();
  await tx.deleteFrom("favorites").where("userId", "=", userId).execute();
  await tx
    .deleteFrom("follows")
    .where((eb) => eb.or([eb("followerId", "=", userId), eb("sellerId", "=", userId)]))
    .execute();
  await tx.deleteFrom("savedSearches").where("userId", "=", userId).execute();
  await tx.deleteFrom("notifications").where("userId", "=", userId).execute();
  await tx.deleteFrom("notificationSettings").where("userId", "=", userId).execute();
  await tx
    .deleteFrom("blocks")
    .where((eb) => eb.or([eb("blockerId", "=", userId), eb("blockedId", "=", userId)]))
    .execute();
  await tx.deleteFrom("loginFailures").where("accountKey", "=", `user:${userId}`).execute();
  if (avatarFileId) {
    await tx.deleteFrom("pictures").where("ownerId", "=", userId).where("fileId", "=", avatarFileId).execute();
  }
  await tx
    .updateTable("offers")
    .set({ status: "withdrawn", decidedAt: now })
    .where("fromUserId", "=", userId)
    .where("status", "=", "open")
    .execute();
}

/** Closed accounts whose hold has passed and whose names are not freed yet (the partial index). */
export async function accountsDueForPurge(db: DbOrTx, cutoff: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where("deletedAt", "is not", null)
    .where("purgedAt", "is", null)
    .where("deletedAt", "<=", cutoff)
    .orderBy("deletedAt")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Frees the username and e-mail: both become placeholders nobody can register or sign in with
 * ("#" is not allowed in a username; the .invalid domain receives no mail, so no code confirms
 * it), and the password hash goes.
 */
export async function freeNames(db: DbOrTx, userIds: number[], now: string): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable("users")
    .set({
      usernameLower: sql<string>`'deleted#' || ${sql.ref("id")}`,
      email: sql<string>`'deleted-' || ${sql.ref("id")} || '@deleted.invalid'`,
      passwordHash: "",
      purgedAt: now,
    })
    .where("id", "in", userIds)
    .execute();
}
