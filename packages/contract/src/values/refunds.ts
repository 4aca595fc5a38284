/**
 * After-sale refunds (售后) and the disputes the platform rules on: plain values, free of schemas.
 * All amounts are in fen.
 */

/**
 * A refund request's life (REFUND_PROCESS): the seller answers (agrees, offers part, refuses), a
 * return is shipped back and received, or the platform rules (平台介入). It ends refunded (in full or
 * in part) or closed (withdrawn, lapsed, or ruled for the seller).
 */
export const REFUND_STATUSES = {
  requested: "待卖家处理",
  countered: "待买家确认",
  refused: "卖家已拒绝",
  awaiting_return: "待买家退货",
  return_shipped: "待卖家收货",
  disputed: "平台介入",
  refunded: "已退款",
  closed: "退款关闭",
} as const;
export type RefundStatus = keyof typeof REFUND_STATUSES;

/** The states a request is still open in: the order's receiving timer is paused while it is. */
export const OPEN_REFUND_STATUSES = [
  "requested",
  "countered",
  "refused",
  "awaiting_return",
  "return_shipped",
  "disputed",
] as const satisfies readonly RefundStatus[];

/** What the buyer asks for: the money only, or to send the goods back for it. */
export const REFUND_KINDS = { refund_only: "仅退款", return: "退货退款" } as const;
export type RefundKind = keyof typeof REFUND_KINDS;

/** Why the buyer asks. */
export const REFUND_REASONS = {
  not_received: "没有收到货",
  not_as_described: "与描述不符",
  damaged: "商品破损或有瑕疵",
  counterfeit: "疑似假货",
  other: "其他原因",
} as const;
export type RefundReason = keyof typeof REFUND_REASONS;

/** How a moderator rules a dispute. */
export const DISPUTE_RULINGS = {
  refund: "全额退款给买家",
  split: "部分退款，其余给卖家",
  release: "货款给卖家",
} as const;
export type DisputeRuling = keyof typeof DISPUTE_RULINGS;

/**
 * The refund timers' defaults; each is a server setting (REFUND_* in the environment). Each runs
 * from when the request entered its state, the agreement deadline from when it was made.
 */
export const RefundTimerDefaults = {
  /** A request the seller has not answered is agreed to. */
  answerHours: 72,
  /** A return the buyer has not shipped back closes the request; the order goes on. */
  returnDays: 3,
  /** A return the seller has not confirmed receiving is refunded. */
  receiveReturnDays: 7,
  /** A request without agreement this long after it was made goes to the platform. */
  agreementDays: 5,
  /** A dispute waiting this long is flagged to moderators. */
  disputeAlertHours: 48,
} as const;
export type RefundTimers = { -readonly [K in keyof typeof RefundTimerDefaults]: number };

export const RefundLimits = {
  descriptionMax: 500,
  /** Photos each side may add to a request, an answer or a statement. */
  picturesMax: 6,
  /** A moderator's reason for a ruling. */
  rulingReasonMin: 4,
  rulingReasonMax: 500,
} as const;
