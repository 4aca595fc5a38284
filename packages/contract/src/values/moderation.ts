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
  /** A moderator's reason for an action. */
  reasonMax: 200,
  wordMin: 1,
  wordMax: 20,
  suspendDaysMax: 3650,
  /** Messages shown on each side of a reported one. */
  messagesAround: 3,
} as const;

/**
 * Who sees goods: everyone (public), or their owner alone: taken down by a moderator (hidden),
 * held for review by a prohibited-word rule (held), or their seller suspended (suspended).
 */
export const GOODS_VISIBILITIES = {
  public: "公开",
  hidden: "已下架（违规）",
  held: "审核中",
  suspended: "账号封禁中",
} as const;
export type GoodsVisibility = keyof typeof GOODS_VISIBILITIES;

/** What a moderator does to a queue item, each with the words of the console and the log. */
export const MODERATION_ACTIONS = {
  hide_goods: "下架闲置",
  approve_goods: "通过审核",
  remove_comment: "删除评论",
  warn: "警告",
  suspend: "封禁",
  dismiss: "驳回",
} as const;
export type ModerationAction = keyof typeof MODERATION_ACTIONS;

/** Which actions fit which target: goods are hidden or approved, comments removed, people warned or suspended. */
export const ACTIONS_OF_TARGET: Record<ReportTarget, readonly ModerationAction[]> = {
  goods: ["hide_goods", "approve_goods", "warn", "suspend", "dismiss"],
  comment: ["remove_comment", "warn", "suspend", "dismiss"],
  message: ["warn", "suspend", "dismiss"],
  user: ["warn", "suspend", "dismiss"],
};

/** The audit log's lines for the prohibited-word table, next to the actions on reported content. */
export const WORD_RULE_CHANGES = {
  add_word_rule: "添加违禁词",
  change_word_rule: "修改违禁词",
  remove_word_rule: "删除违禁词",
} as const;
export type WordRuleChange = keyof typeof WORD_RULE_CHANGES;

/** What the audit log names: reported content, or a prohibited-word rule. */
/** The audit log's line for a ruling on a refund dispute (平台介入). */
export const DISPUTE_LOG_ACTIONS = { rule_dispute: "裁决退款纠纷", retry_settlement: "重试退款或放款" } as const;
export type DisputeLogAction = keyof typeof DISPUTE_LOG_ACTIONS;

/** The audit log's line for an account a moderator helped back in (仅通行密钥登录 with every passkey lost). */
export const ACCOUNT_LOG_ACTIONS = { recover_account: "协助恢复账号" } as const;
export type AccountLogAction = keyof typeof ACCOUNT_LOG_ACTIONS;

export const LOG_TARGETS = { ...REPORT_TARGETS, word_rule: "违禁词", refund: "退款纠纷", order: "订单" } as const;
export type LogTarget = keyof typeof LOG_TARGETS;

/** What a prohibited word does to goods whose title or description has it. */
export const WORD_RULE_ACTIONS = { refuse: "禁止发布", review: "先审核后上架" } as const;
export type WordRuleAction = keyof typeof WORD_RULE_ACTIONS;

/** The report queue's orders: the newest report first, or the most reported target first. */
export const REPORT_QUEUE_SORTS = { newest: "最新举报", most: "举报最多" } as const;
export type ReportQueueSort = keyof typeof REPORT_QUEUE_SORTS;

/** The end of a suspension for good: later than any real date, so "until > now" holds for ever. */
export const SUSPENDED_FOREVER = "9999-12-31T23:59:59.000Z";
