import { PublicUserSchema } from "./accounts.js";
import { IdSchema, text } from "./fields.js";
import { SearchCriteriaSchema } from "./goods.js";
import {
  NOTIFICATION_GROUPS,
  NOTIFICATION_KINDS,
  type NotificationGroup,
  type NotificationKind,
  PUSH_KINDS,
  type PushKind,
  PushLimits,
} from "./values/notifications.js";
import { z } from "./zod.js";

/** GET /notifications takes PageQuerySchema (envelope.ts); newest first. */

/** PUT /notifications/read: marks the caller's notifications read, the ones named or all of them. */
export const MarkNotificationsReadBodySchema = z.object({ ids: z.array(IdSchema).min(1).max(100).optional() }).strict();
export type MarkNotificationsReadBody = z.infer<typeof MarkNotificationsReadBodySchema>;

const NotificationGroupSchema = z.enum(Object.keys(NOTIFICATION_GROUPS) as [NotificationGroup, ...NotificationGroup[]]);

const PushKindSchema = z.enum(Object.keys(PUSH_KINDS) as [PushKind, ...PushKind[]]);

/** GET /notifications/settings: the groups turned off, the daily e-mail digest, the push kinds turned off. */
export const NotificationSettingsSchema = z
  .object({
    mutedGroups: z.array(NotificationGroupSchema).max(Object.keys(NOTIFICATION_GROUPS).length),
    emailDigest: z.boolean(),
    pushMuted: z
      .array(PushKindSchema)
      .max(Object.keys(PUSH_KINDS).length)
      .describe("The PUSH_KINDS switched off: pushed to none of the user's devices (the centre still tells them)."),
  })
  .strict()
  .describe("The notification groups turned off, the daily e-mail digest, and the kinds not pushed.");
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** PUT /notifications/settings: the same, `pushMuted` left as it was when absent. */
export const SaveNotificationSettingsBodySchema = NotificationSettingsSchema.extend({
  pushMuted: NotificationSettingsSchema.shape.pushMuted.optional(),
});
export type SaveNotificationSettingsBody = z.infer<typeof SaveNotificationSettingsBodySchema>;

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

/** GET /push/key: what a browser subscribes with (its applicationServerKey), when push is on. */
export const PushKeySchema = z
  .object({
    enabled: z.boolean().describe("False when the server has no VAPID keys: no device can subscribe."),
    publicKey: z.string().nullable().describe("The VAPID public key, base64url (65 bytes, uncompressed P-256)."),
  })
  .describe("The server's Web Push key.");
export type PushKey = z.infer<typeof PushKeySchema>;

const base64url = (max: number) =>
  text()
    .min(16)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "推送密钥格式不正确");

/** PUT /push/subscriptions: this device's PushSubscription, as `subscription.toJSON()` gives it. */
export const SavePushSubscriptionBodySchema = z
  .object({
    endpoint: text()
      .max(PushLimits.endpointMax)
      .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), "推送地址格式不正确"),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url(PushLimits.keyMax), auth: base64url(PushLimits.keyMax) }).strict(),
  })
  .strict();
export type SavePushSubscriptionBody = z.infer<typeof SavePushSubscriptionBodySchema>;

/** DELETE /push/subscriptions: the device's endpoint, one of the caller's. */
export const DeletePushSubscriptionBodySchema = z
  .object({ endpoint: text().min(1).max(PushLimits.endpointMax) })
  .strict();
export type DeletePushSubscriptionBody = z.infer<typeof DeletePushSubscriptionBodySchema>;

export const PushSubscriptionStateSchema = z
  .object({ endpoint: z.string(), createdAt: z.string() })
  .describe("A device subscribed to the user's pushes.");
export type PushSubscriptionState = z.infer<typeof PushSubscriptionStateSchema>;

/**
 * What a push carries (encrypted to the device): the notification line's words, where tapping it
 * leads, a tag (a newer push of the same tag replaces the older on the screen) and the unread
 * count of the notification centre (the app's badge).
 */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().describe("A path of the web app: what the notification centre opens for the same notification."),
  tag: z.string(),
  unread: z.number(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
