import type { DbOrTx } from "../../db/database.js";

/** Rows or ids per statement: SQLite takes at most 32,766 values in one. */
const CHUNK = 500;

export interface NewPushSubscription {
  endpoint: string;
  userId: number;
  sessionId: number;
  p256dh: string;
  auth: string;
  userAgent: string;
  createdAt: string;
}

/**
 * Stores the device's subscription, or takes it over when the endpoint is known: a device signed
 * in as someone else before now gets this user's pushes (and its old keys give way to the new).
 */
export async function saveSubscription(db: DbOrTx, row: NewPushSubscription) {
  return db
    .insertInto("pushSubscriptions")
    .values(row)
    .onConflict((oc) =>
      oc.column("endpoint").doUpdateSet({
        userId: row.userId,
        sessionId: row.sessionId,
        p256dh: row.p256dh,
        auth: row.auth,
        userAgent: row.userAgent,
      }),
    )
    .returning(["endpoint", "createdAt"])
    .executeTakeFirstOrThrow();
}

/** Keeps the user's newest `keep` subscriptions, removing the older ones. */
export async function trimSubscriptions(db: DbOrTx, userId: number, keep: number): Promise<void> {
  const kept = db
    .selectFrom("pushSubscriptions")
    .select("id")
    .where("userId", "=", userId)
    .orderBy("id", "desc")
    .limit(keep);
  await db.deleteFrom("pushSubscriptions").where("userId", "=", userId).where("id", "not in", kept).execute();
}

/** Removes the user's subscription of this endpoint; answers whether there was one. */
export async function deleteSubscription(db: DbOrTx, userId: number, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom("pushSubscriptions")
    .where("userId", "=", userId)
    .where("endpoint", "=", endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A push service said the subscription is gone (404/410). */
export async function deleteEndpoint(db: DbOrTx, endpoint: string): Promise<void> {
  await db.deleteFrom("pushSubscriptions").where("endpoint", "=", endpoint).execute();
}

export async function markDelivered(db: DbOrTx, endpoints: string[], at: string): Promise<void> {
  for (let n = 0; n < endpoints.length; n += CHUNK) {
    await db
      .updateTable("pushSubscriptions")
      .set({ lastSuccessAt: at })
      .where("endpoint", "in", endpoints.slice(n, n + CHUNK))
      .execute();
  }
}

/**
 * The devices of these users whose session is still alive, each with the push kinds its user
 * switched off ("" for none).
 */
export async function devicesOf(db: DbOrTx, userIds: number[], now: string) {
  const rows = [];
  for (let n = 0; n < userIds.length; n += CHUNK) {
    rows.push(
      ...(await db
        .selectFrom("pushSubscriptions")
        .innerJoin("sessions", "sessions.id", "pushSubscriptions.sessionId")
        .leftJoin("notificationSettings", "notificationSettings.userId", "pushSubscriptions.userId")
        .select([
          "pushSubscriptions.userId",
          "pushSubscriptions.endpoint",
          "pushSubscriptions.p256dh",
          "pushSubscriptions.auth",
          "notificationSettings.pushMuted",
        ])
        .where("pushSubscriptions.userId", "in", userIds.slice(n, n + CHUNK))
        .where("sessions.expiresAt", ">", now)
        .execute()),
    );
  }
  return rows;
}
export type PushDeviceRow = Awaited<ReturnType<typeof devicesOf>>[number];

export async function nicknameOf(db: DbOrTx, userId: number): Promise<string> {
  const row = await db.selectFrom("users").select("nickname").where("id", "=", userId).executeTakeFirst();
  return row?.nickname ?? "";
}
