/** Reports and moderation: plain values, free of schemas. */

/** What a report may be about. */
export const REPORT_TARGETS = { goods: "闲置", user: "用户", comment: "评论", message: "聊天消息" } as const;
export type ReportTarget = keyof typeof REPORT_TARGETS;

/** Why: one of a fixed list, with a text of one's own for 其他. */
export const REPORT_REASONS = {
  fraud: "诈骗",
  prohibited: "违禁物品",
  counterfeit: "假冒商品",
  harassment: "骚扰辱骂",
  spam: "垃圾广告",
  other: "其他",
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

/** open until a moderator acts on it (resolved) or finds nothing wrong (dismissed). */
export const REPORT_STATUSES = { open: "待处理", resolved: "已处理", dismissed: "已驳回" } as const;
export type ReportStatus = keyof typeof REPORT_STATUSES;

export const ModerationLimits = {
  reportTextMax: 500,
} as const;
