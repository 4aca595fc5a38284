import { PublicUserSchema } from "./accounts.js";
import { IdSchema } from "./fields.js";
import { SearchCriteriaSchema } from "./goods.js";
import {
  NOTIFICATION_GROUPS,
  NOTIFICATION_KINDS,
  type NotificationGroup,
  type NotificationKind,
} from "./values/notifications.js";
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
  .strict()
  .describe("The notification groups turned off, and the daily e-mail digest.");
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const NotificationKindSchema = z.enum(
  Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]],
);

export const NotificationGoodsSchema = z
  .object({ id: z.string(), title: z.string(), coverUrl: z.string().nullable() })
  .describe("The goods a notification is about, as small as a line in a list needs.");
export type NotificationGoods = z.infer<typeof NotificationGoodsSchema>;

export const NotificationSchema = z.object({
  id: z.string(),
  kind: NotificationKindSchema,
  actor: PublicUserSchema.nullable().describe(
    "Who caused it (the commenter, the buyer who offered); null for what the product itself tells.",
  ),
  goods: NotificationGoodsSchema.nullable().describe("Null when it is about no goods, or the goods were deleted."),
  chatId: z
    .string()
    .nullable()
    .describe("What it opens, besides the goods: the chat of an offer, the deal to review, the saved search."),
  dealId: z.string().nullable(),
  orderId: z.string().nullable().describe("The protected order it is about: what an order's notification opens."),
  savedSearchId: z.string().nullable(),
  searchCriteria: SearchCriteriaSchema.nullable().describe(
    "A saved search's keyword and filters, for a `saved_search` one to open the search; null once it is deleted.",
  ),
  amountCents: z.number().nullable().describe("An offer's amount, or the new price of goods that got cheaper."),
  excerpt: z
    .string()
    .describe(
      "The start of the comment or review; a saved search's name and its count of new goods (手机 · 3 件新闲置).",
    ),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z
  .object({
    list: z.array(NotificationSchema),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    unreadCount: z.number(),
  })
  .describe("A page of notifications, with how many of all the caller's are unread (the bell's count).");
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const UnreadNotificationsSchema = z.object({ unreadCount: z.number() });
export type UnreadNotifications = z.infer<typeof UnreadNotificationsSchema>;
