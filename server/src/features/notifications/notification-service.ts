import {
  type MarkNotificationsReadBody,
  NOTIFICATION_GROUPS,
  type Notification,
  type NotificationGroup,
  type NotificationKind,
  NotificationLimits,
  type NotificationPage,
  type NotificationSettings,
  type PageQuery,
  type PushKind,
  type SaveNotificationSettingsBody,
  type SearchCriteria,
  type UnreadNotifications,
} from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import { pageWindow } from "../../lib/paging.js";
import type { Deps } from "../../services.js";
import { coverThumbUrls } from "../pictures/index.js";
import * as repo from "./notification-repository.js";

/** Something to tell one user; ids name what it is about. */
export interface NotificationDraft {
  userId: number;
  kind: NotificationKind;
  actorId?: number | null;
  goodsId?: number | null;
  chatId?: number | null;
  dealId?: number | null;
  orderId?: number | null;
  savedSearchId?: number | null;
  amountCents?: number | null;
  excerpt?: string;
}

const GROUP_OF_KIND = new Map<NotificationKind, NotificationGroup>(
  Object.entries(NOTIFICATION_GROUPS).flatMap(([group, { kinds }]) =>
    kinds.map((kind) => [kind, group as NotificationGroup] as const),
  ),
);

/**
 * Kinds told once until read: a favourite taken away and given again, over and over, is one
 * notification, not a stream of them.
 */
const ONCE_WHILE_UNREAD = new Set<NotificationKind>(["favorite"]);

const likeOf = (draft: NotificationDraft) => ({
  userId: draft.userId,
  kind: draft.kind,
  actorId: draft.actorId ?? null,
  goodsId: draft.goodsId ?? null,
});

function excerptOf(text: string | undefined): string {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  const chars = [...flat];
  return chars.length <= NotificationLimits.excerptMax
    ? flat
    : `${chars.slice(0, NotificationLimits.excerptMax).join("")}…`;
}

/**
 * Stores notifications in the caller's transaction, so they exist exactly when what caused them
 * does; none tells users of their own doing, none of a group the user turned off. Answers the ids.
 */
export async function recordNotifications(tx: DbOrTx, drafts: NotificationDraft[]): Promise<StoredNotification[]> {
  const wanted: NotificationDraft[] = [];
  for (const draft of drafts) {
    if (draft.userId === draft.actorId) continue;
    if (ONCE_WHILE_UNREAD.has(draft.kind) && (await repo.hasUnreadLike(tx, likeOf(draft)))) continue;
    wanted.push(draft);
  }
  const muted = await repo.mutedGroupsOf(tx, [...new Set(wanted.map((draft) => draft.userId))]);
  const createdAt = nowIso();
  const rows = wanted
    .filter((draft) => !muted.get(draft.userId)?.includes(GROUP_OF_KIND.get(draft.kind) ?? ""))
    .map((draft) => ({
      userId: draft.userId,
      kind: draft.kind,
      actorId: draft.actorId ?? null,
      goodsId: draft.goodsId ?? null,
      chatId: draft.chatId ?? null,
      dealId: draft.dealId ?? null,
      orderId: draft.orderId ?? null,
      savedSearchId: draft.savedSearchId ?? null,
      amountCents: draft.amountCents ?? null,
      excerpt: excerptOf(draft.excerpt),
      createdAt,
    }));
  return repo.insertNotifications(tx, rows);
}

export async function toNotifications(db: DbOrTx, rows: repo.NotificationRow[]): Promise<Notification[]> {
  const covers = await coverThumbUrls(db, [
    ...new Set(rows.flatMap((row) => (row.goodsId === null ? [] : [row.goodsId]))),
  ]);
  const id = (value: number | null) => (value === null ? null : String(value));
  return rows.map((row) => ({
    id: String(row.id),
    kind: row.kind as NotificationKind,
    actor:
      row.actorId === null
        ? null
        : {
            id: String(row.actorId),
            username: row.actorUsername ?? "",
            nickname: row.actorNickname ?? "",
            avatarUrl: row.actorAvatarUrl ?? null,
          },
    goods:
      row.goodsId === null
        ? null
        : { id: String(row.goodsId), title: row.goodsTitle ?? "", coverUrl: covers.get(row.goodsId) ?? null },
    chatId: id(row.chatId),
    dealId: id(row.dealId),
    orderId: id(row.orderId),
    savedSearchId: id(row.savedSearchId),
    searchCriteria: row.savedSearchCriteria ? (JSON.parse(row.savedSearchCriteria) as SearchCriteria) : null,
    amountCents: row.amountCents,
    excerpt: row.excerpt,
    createdAt: row.createdAt,
    read: row.readAt !== null,
  }));
}

/** A notification as stored: its id and whose it is. */
export interface StoredNotification {
  id: number;
  userId: number;
}

/**
 * Pushes stored notifications to every open socket of their users (on any process, through the
 * hub), each with the user's unread count. A user with no socket open reads them later: nothing
 * is read for them (most writes tell someone who is not looking).
 */
export async function pushNotifications({ db, hub }: Deps<"db" | "hub">, stored: StoredNotification[]): Promise<void> {
  const ids = stored.filter((notification) => hub.mayReach(notification.userId)).map((notification) => notification.id);
  if (ids.length === 0) return;
  const rows = await repo.notificationsByIds(db, ids);
  const notifications = await toNotifications(db, rows);
  const unread = new Map<number, number>();
  for (const userId of new Set(rows.map((row) => row.userId))) {
    unread.set(userId, await repo.countNotifications(db, userId, true));
  }
  await Promise.all(
    rows.map((row, index) =>
      hub.deliver([row.userId], {
        type: "notification",
        notification: notifications[index] as Notification,
        unreadCount: unread.get(row.userId) ?? 0,
      }),
    ),
  );
}

/**
 * What a write hands its notifications to: recorded in the write's transaction, pushed once it has
 * committed. A write that fails never calls `push`, so nothing of it is told.
 */
export class NotificationOutbox {
  private readonly stored: StoredNotification[] = [];

  constructor(private readonly pushStored: (stored: StoredNotification[]) => void) {}

  async record(tx: DbOrTx, drafts: NotificationDraft[]): Promise<void> {
    this.stored.push(...(await recordNotifications(tx, drafts)));
  }

  /** Everyone keeping the goods as a favourite is told of its new, lower price. */
  recordPriceDrop(tx: DbOrTx, goodsId: number, priceCents: number): Promise<void> {
    return this.recordFanOut(tx, { favoritesOf: goodsId }, "price_drop", { goodsId, amountCents: priceCents });
  }

  /** Every follower of the seller is told of their new goods. */
  recordNewGoods(tx: DbOrTx, sellerId: number, goodsId: number): Promise<void> {
    return this.recordFanOut(tx, { followersOf: sellerId }, "followed_seller", { goodsId, actorId: sellerId });
  }

  private async recordFanOut(
    tx: DbOrTx,
    audience: repo.Audience,
    kind: NotificationKind,
    about: { goodsId: number; actorId?: number; amountCents?: number },
  ): Promise<void> {
    const rows = await repo.insertFanOutNotifications(tx, audience, {
      kind,
      mutedGroup: GROUP_OF_KIND.get(kind) as NotificationGroup,
      goodsId: about.goodsId,
      actorId: about.actorId ?? null,
      amountCents: about.amountCents ?? null,
      createdAt: nowIso(),
    });
    this.stored.push(...rows);
  }

  push(): void {
    if (this.stored.length > 0) this.pushStored(this.stored.splice(0));
  }
}

/** An outbox that stores notifications and pushes none: for writes made while nobody can be connected (the demo seed). */
export function storingOutbox(): NotificationOutbox {
  return new NotificationOutbox(() => {});
}

export async function notificationPage(
  { db }: Deps<"db">,
  userId: number,
  query: PageQuery,
): Promise<NotificationPage> {
  const [rows, total, unreadCount] = await Promise.all([
    repo.notificationsOfUser(db, userId, pageWindow(query)),
    repo.countNotifications(db, userId, false),
    repo.countNotifications(db, userId, true),
  ]);
  return { list: await toNotifications(db, rows), total, page: query.page, pageSize: query.pageSize, unreadCount };
}

export async function unreadNotifications({ db }: Deps<"db">, userId: number): Promise<UnreadNotifications> {
  return { unreadCount: await repo.countNotifications(db, userId, true) };
}

/**
 * Marks the named notifications or all of them read; answers what stays unread. Naming one that is
 * not the caller's (or none at all) is refused, and nothing is marked.
 */
export async function markNotificationsRead(
  { db }: Deps<"db">,
  userId: number,
  body: MarkNotificationsReadBody,
): Promise<UnreadNotifications> {
  const ids = body.ids && [...new Set(body.ids.map(Number))];
  if (ids && (await repo.countOwnNotifications(db, userId, ids)) < ids.length) throw appError("NOTIFICATION_NOT_FOUND");
  await repo.markRead(db, userId, ids, nowIso());
  return unreadNotifications({ db }, userId);
}

export async function notificationSettings({ db }: Deps<"db">, userId: number): Promise<NotificationSettings> {
  const row = await repo.settingsOf(db, userId);
  return {
    mutedGroups: (row?.mutedGroups ? row.mutedGroups.split(",") : []) as NotificationGroup[],
    emailDigest: row?.emailDigest === 1,
    pushMuted: (row?.pushMuted ? row.pushMuted.split(",") : []) as PushKind[],
  };
}

export async function saveNotificationSettings(
  { db }: Deps<"db">,
  userId: number,
  settings: SaveNotificationSettingsBody,
): Promise<NotificationSettings> {
  const groups = [...new Set(settings.mutedGroups)].sort();
  const pushMuted = settings.pushMuted && [...new Set(settings.pushMuted)].sort();
  const saved = await repo.saveSettings(db, userId, {
    mutedGroups: groups.join(","),
    emailDigest: settings.emailDigest ? 1 : 0,
    ...(pushMuted ? { pushMuted: pushMuted.join(",") } : {}),
  });
  return {
    mutedGroups: groups,
    emailDigest: settings.emailDigest,
    pushMuted: (saved.pushMuted ? saved.pushMuted.split(",") : []) as PushKind[],
  };
}

const KEEP_SECONDS = NotificationLimits.keepDays * 24 * 60 * 60;

/** Deletes notifications past the keeping time (run with the app's other purges). */
export function purgeOldNotifications({ db }: Deps<"db">): Promise<number> {
  return repo.deleteOlderThan(db, isoAfterSeconds(-KEEP_SECONDS));
}
