import type { PublicUser } from "./accounts.js";
import { IdSchema } from "./fields.js";
import type { SearchCriteria } from "./goods.js";
import { NOTIFICATION_GROUPS, type NotificationGroup, type NotificationKind } from "./values/notifications.js";
import { z } from "./zod.js";

/** GET /notifications takes PageQuerySchema (envelope.ts); newest first. */

/** PUT /notifications/read: marks the caller's notifications read, the ones named or all of them. */
export const MarkNotificationsReadBodySchema = z.object({ ids: z.array(IdSchema).min(1).max(100).optional() }).strict();
export type MarkNotificationsReadBody = z.infer<typeof MarkNotificationsReadBodySchema>;

const NotificationGroupSchema = z.enum(Object.keys(NOTIFICATION_GROUPS) as [NotificationGroup, ...NotificationGroup[]]);

/** PUT /notifications/settings: the groups turned off, and the daily e-mail digest. */
export const NotificationSettingsSchema = z
  .object({
    mutedGroups: z.array(NotificationGroupSchema).max(Object.keys(NOTIFICATION_GROUPS).length),
    emailDigest: z.boolean(),
  })
  .strict();
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** The goods a notification is about, as small as a line in a list needs. */
export interface NotificationGoods {
  id: string;
  title: string;
  coverUrl: string | null;
}

export interface Notification {
  id: string;
  kind: NotificationKind;
  /** Who caused it (the commenter, the buyer who offered); null for what the product itself tells. */
  actor: PublicUser | null;
  /** Null when it is about no goods, or the goods were deleted. */
  goods: NotificationGoods | null;
  /** What it opens, besides the goods: the chat of an offer, the deal to review, the saved search. */
  chatId: string | null;
  dealId: string | null;
  savedSearchId: string | null;
  /** A saved search's keyword and filters, for a `saved_search` one to open the search; null once it is deleted. */
  searchCriteria: SearchCriteria | null;
  /** An offer's amount, or the new price of goods that got cheaper. */
  amountCents: number | null;
  /** The start of the comment or review; a saved search's name and its count of new goods (手机 · 3 件新闲置). */
  excerpt: string;
  createdAt: string;
  read: boolean;
}

/** A page of notifications, with how many of all the caller's are unread (the bell's count). */
export interface NotificationPage {
  list: Notification[];
  total: number;
  page: number;
  pageSize: number;
  unreadCount: number;
}

export interface UnreadNotifications {
  unreadCount: number;
}
