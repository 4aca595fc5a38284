import { type Insertable, sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import type { NotificationsTable } from "../../db/schema.js";

export type NewNotification = Insertable<NotificationsTable>;

/** Rows or ids per statement: SQLite takes at most 32,766 values in one. */
const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  return Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, n) => items.slice(n * CHUNK, (n + 1) * CHUNK));
}

/** Stores the notifications; answers their ids with whom each is for. */
export async function insertNotifications(db: DbOrTx, rows: NewNotification[]) {
  const stored = [];
  for (const chunk of chunks(rows)) {
    stored.push(...(await db.insertInto("notifications").values(chunk).returning(["id", "userId"]).execute()));
  }
  return stored;
}

/** The groups each of these users turned off; users who never changed a setting are absent. */
export async function mutedGroupsOf(db: DbOrTx, userIds: number[]): Promise<Map<number, string[]>> {
  const muted = new Map<number, string[]>();
  for (const chunk of chunks(userIds)) {
    const rows = await db
      .selectFrom("notificationSettings")
      .select(["userId", "mutedGroups"])
      .where("userId", "in", chunk)
      .where("mutedGroups", "!=", "")
      .execute();
    for (const row of rows) muted.set(row.userId, row.mutedGroups.split(","));
  }
  return muted;
}

/** Whether the user still has this same notification unread. */
export async function hasUnreadLike(
  db: DbOrTx,
  like: { userId: number; kind: string; actorId: number | null; goodsId: number | null },
): Promise<boolean> {
  const row = await db
    .selectFrom("notifications")
    .select("id")
    .where("userId", "=", like.userId)
    .where("readAt", "is", null)
    .where("kind", "=", like.kind)
    .where("actorId", "is not distinct from", like.actorId)
    .where("goodsId", "is not distinct from", like.goodsId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

function selectNotifications(db: DbOrTx) {
  return (
    db
      .selectFrom("notifications")
      .leftJoin("users as actor", "actor.id", "notifications.actorId")
      .leftJoin("goods", "goods.id", "notifications.goodsId")
      // The owner's own saved search only: its criteria are what the notification opens.
      .leftJoin("savedSearches", (join) =>
        join
          .onRef("savedSearches.id", "=", "notifications.savedSearchId")
          .onRef("savedSearches.userId", "=", "notifications.userId"),
      )
      .select([
        "notifications.id",
        "notifications.userId",
        "notifications.kind",
        "notifications.actorId",
        "actor.username as actorUsername",
        "actor.nickname as actorNickname",
        "actor.avatarUrl as actorAvatarUrl",
        "goods.id as goodsId",
        "goods.title as goodsTitle",
        "notifications.chatId",
        "notifications.dealId",
        "notifications.orderId",
        "notifications.savedSearchId",
        "savedSearches.criteria as savedSearchCriteria",
        "notifications.amountCents",
        "notifications.excerpt",
        "notifications.createdAt",
        "notifications.readAt",
      ])
  );
}
export type NotificationRow = Awaited<ReturnType<ReturnType<typeof selectNotifications>["execute"]>>[number];

export function notificationsOfUser(db: DbOrTx, userId: number, window: { limit: number; offset: number }) {
  return selectNotifications(db)
    .where("notifications.userId", "=", userId)
    .orderBy("notifications.id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function notificationsByIds(db: DbOrTx, ids: number[]) {
  const rows = [];
  for (const chunk of chunks(ids)) {
    rows.push(
      ...(await selectNotifications(db).where("notifications.id", "in", chunk).orderBy("notifications.id").execute()),
    );
  }
  return rows;
}

export async function countNotifications(db: DbOrTx, userId: number, unreadOnly: boolean): Promise<number> {
  let query = db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("userId", "=", userId);
  if (unreadOnly) query = query.where("readAt", "is", null);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** How many of these ids are notifications of the user. */
export async function countOwnNotifications(db: DbOrTx, userId: number, ids: number[]): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("userId", "=", userId)
    .where("id", "in", ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the user's unread notifications read: those named, or all. */
export async function markRead(db: DbOrTx, userId: number, ids: number[] | undefined, readAt: string): Promise<number> {
  let query = db.updateTable("notifications").set({ readAt }).where("userId", "=", userId).where("readAt", "is", null);
  if (ids) query = query.where("id", "in", ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function settingsOf(db: DbOrTx, userId: number) {
  return db
    .selectFrom("notificationSettings")
    .select(["mutedGroups", "emailDigest", "pushMuted"])
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/** Saves the settings given (`pushMuted` kept as it was when absent); answers the push kinds switched off. */
export function saveSettings(
  db: DbOrTx,
  userId: number,
  settings: { mutedGroups: string; emailDigest: number; pushMuted?: string },
) {
  return db
    .insertInto("notificationSettings")
    .values({ userId, ...settings })
    .onConflict((oc) => oc.column("userId").doUpdateSet(settings))
    .returning("pushMuted")
    .executeTakeFirstOrThrow();
}

export async function deleteOlderThan(db: DbOrTx, cutoff: string): Promise<number> {
  const result = await db.deleteFrom("notifications").where("createdAt", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One notification told to a whole audience at once (everyone keeping goods, every follower). */
export interface FanOut {
  kind: string;
  /** The audience's users who turned this group off are left out. */
  mutedGroup: string;
  goodsId: number;
  actorId: number | null;
  amountCents: number | null;
  createdAt: string;
}

/** Who hears of a fan-out: the users keeping the goods, or the followers of a seller. */
export type Audience = { favoritesOf: number } | { followersOf: number };

function audienceIds(db: DbOrTx, audience: Audience) {
  return "favoritesOf" in audience
    ? db.selectFrom("favorites").select("favorites.userId").where("favorites.goodsId", "=", audience.favoritesOf)
    : db
        .selectFrom("follows")
        .select("follows.followerId as userId")
        .where("follows.sellerId", "=", audience.followersOf);
}

/** A value as a column of a SELECT feeding an INSERT, typed so PostgreSQL need not guess. */
const typed = <T>(value: T, type: "text" | "integer") => sql<T>`CAST(${value} AS ${sql.raw(type)})`;

/** Tells the whole audience in one statement, however many they are; answers the ids and whose each is. */
export function insertFanOutNotifications(db: DbOrTx, audience: Audience, fanOut: FanOut) {
  return db
    .insertInto("notifications")
    .columns(["userId", "kind", "actorId", "goodsId", "amountCents", "excerpt", "createdAt"])
    .expression((eb) =>
      eb
        .selectFrom(audienceIds(db, audience).as("audience"))
        .select([
          "audience.userId",
          typed(fanOut.kind, "text").as("kind"),
          typed(fanOut.actorId, "integer").as("actorId"),
          typed(fanOut.goodsId, "integer").as("goodsId"),
          typed(fanOut.amountCents, "integer").as("amountCents"),
          typed("", "text").as("excerpt"),
          typed(fanOut.createdAt, "text").as("createdAt"),
        ])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("notificationSettings")
                .select("notificationSettings.userId")
                .whereRef("notificationSettings.userId", "=", "audience.userId")
                .where(sql<string>`',' || muted_groups || ','`, "like", `%,${fanOut.mutedGroup},%`),
            ),
          ),
        ),
    )
    .returning(["id", "userId"])
    .execute();
}

/** Users who asked for the daily digest and were last sent one before `cutoff` (or never). */
export function usersDueForDigest(db: DbOrTx, cutoff: string) {
  return db
    .selectFrom("notificationSettings")
    .innerJoin("users", "users.id", "notificationSettings.userId")
    .select(["users.id as userId", "users.email", "users.nickname", "notificationSettings.digestSentAt"])
    .where("notificationSettings.emailDigest", "=", 1)
    .where((eb) =>
      eb.or([
        eb("notificationSettings.digestSentAt", "is", null),
        eb("notificationSettings.digestSentAt", "<", cutoff),
      ]),
    )
    .execute();
}

/** The user's unread notifications made after `since` (all when null), newest first, at most `limit`. */
export function unreadSince(db: DbOrTx, userId: number, since: string | null, limit: number) {
  let query = selectNotifications(db)
    .where("notifications.userId", "=", userId)
    .where("notifications.readAt", "is", null);
  if (since) query = query.where("notifications.createdAt", ">", since);
  return query.orderBy("notifications.id", "desc").limit(limit).execute();
}

/**
 * Takes the user's digest for this round: false when another process took it first (it set the
 * time past the cutoff), so each digest goes out once however many processes run.
 */
export async function claimDigest(db: DbOrTx, userId: number, cutoff: string, sentAt: string): Promise<boolean> {
  const result = await db
    .updateTable("notificationSettings")
    .set({ digestSentAt: sentAt })
    .where("userId", "=", userId)
    .where((eb) => eb.or([eb("digestSentAt", "is", null), eb("digestSentAt", "<", cutoff)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
