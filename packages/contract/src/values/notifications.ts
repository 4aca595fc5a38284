/** Notifications: plain values, free of schemas. */

/**
 * What a user is told of, each with the line the notification centre and its settings show. The
 * sentence starts after the actor's name where there is one ("小王 评论了你的闲置").
 */
export const NOTIFICATION_KINDS = {
  comment: "评论了你的闲置",
  reply: "回复了你的评论",
  favorite: "收藏了你的闲置",
  offer_received: "向你出价",
  offer_accepted: "接受了你的出价",
  offer_declined: "拒绝了你的出价",
  offer_countered: "向你还价",
  offer_expiring: "的出价即将过期",
  deal_completed: "确认了成交",
  deal_cancelled: "取消了交易",
  review_received: "评价了你",
  order_paid: "已付款，请在 72 小时内发货",
  order_shipped: "已发货，请留意收货",
  order_cancel_requested: "申请取消订单",
  order_completed: "交易成功",
  order_closed: "订单已关闭",
  order_extended: "延长了收货时间",
  order_reminder: "订单即将超时，请尽快处理",
  refund_requested: "申请了退款",
  refund_updated: "退款有新进展",
  dispute_ruled: "平台已对退款纠纷作出处理",
  price_drop: "你收藏的闲置降价了",
  saved_search: "有新闲置符合你保存的搜索",
  followed_seller: "发布了新闲置",
  moderation_warning: "你收到一条管理员警告",
  new_device: "你的账号在新设备上登录",
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

/** The groups a user turns on and off in the personal centre, each naming the kinds it holds. */
export const NOTIFICATION_GROUPS = {
  comments: { label: "评论和回复", kinds: ["comment", "reply"] },
  favorites: { label: "收藏我的闲置", kinds: ["favorite"] },
  offers: {
    label: "出价和交易",
    kinds: ["offer_received", "offer_accepted", "offer_declined", "offer_countered", "offer_expiring"],
  },
  deals: { label: "成交和评价", kinds: ["deal_completed", "deal_cancelled", "review_received"] },
  orders: {
    label: "担保交易订单",
    kinds: [
      "order_paid",
      "order_shipped",
      "order_cancel_requested",
      "order_completed",
      "order_closed",
      "order_extended",
      "order_reminder",
    ],
  },
  refunds: { label: "退款和售后", kinds: ["refund_requested", "refund_updated", "dispute_ruled"] },
  price_drops: { label: "收藏降价", kinds: ["price_drop"] },
  discovery: { label: "保存的搜索和关注的卖家", kinds: ["saved_search", "followed_seller"] },
} as const satisfies Record<string, { label: string; kinds: readonly NotificationKind[] }>;
export type NotificationGroup = keyof typeof NOTIFICATION_GROUPS;

export const NotificationLimits = {
  /** The longest excerpt of a comment or review a notification carries. */
  excerptMax: 80,
  /** Notifications older than this are deleted. */
  keepDays: 90,
} as const;

/**
 * What Web Push tells a device, in four switches (通知设置 › 推送通知): each names the notification
 * kinds it pushes. `messages` also pushes new chat messages, which are no notification. Kinds in no
 * switch (comments, favourites, follows, warnings, sign-ins) stay in the notification centre only.
 */
export const PUSH_KINDS = {
  messages: {
    label: "聊天消息和出价",
    kinds: ["offer_received", "offer_accepted", "offer_declined", "offer_countered", "offer_expiring"],
  },
  orders: {
    label: "订单和退款进展",
    kinds: [
      "deal_completed",
      "deal_cancelled",
      ...NOTIFICATION_GROUPS.orders.kinds,
      ...NOTIFICATION_GROUPS.refunds.kinds,
    ],
  },
  price_drops: { label: "收藏的闲置降价", kinds: ["price_drop"] },
  saved_searches: { label: "保存的搜索有新闲置", kinds: ["saved_search"] },
} as const satisfies Record<string, { label: string; kinds: readonly NotificationKind[] }>;
export type PushKind = keyof typeof PUSH_KINDS;

export const PushLimits = {
  /** The longest push endpoint accepted (FCM's are about 200 characters, Apple's and Mozilla's less). */
  endpointMax: 1024,
  /** A subscription's keys, base64url: p256dh is 65 bytes (87 characters), auth 16 (22). */
  keyMax: 128,
  /** The most devices of one user that get pushes; subscribing one more drops the oldest. */
  devicesPerUser: 10,
  /** How much of a chat message a push shows. */
  messageExcerptMax: 40,
} as const;
