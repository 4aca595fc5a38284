/** Offers, deals and reviews: plain values, free of schemas. */

/**
 * An offer's life. `open` waits for the other side; `countered` was answered with a new offer (the
 * counter-offer, whose `replacesId` names it); `expired` was left unanswered for
 * `TradeLimits.offerHours`. A block closes the open offers between the two as `declined` (the
 * blocked user's) and `withdrawn` (the blocker's).
 */
export const OFFER_STATUSES = {
  open: "待回应",
  accepted: "已接受",
  declined: "已拒绝",
  countered: "已还价",
  withdrawn: "已撤回",
  expired: "已过期",
} as const;
export type OfferStatus = keyof typeof OFFER_STATUSES;

/**
 * A deal starts when an offer is accepted (the goods become `reserved` for that buyer), then the
 * seller completes it (the goods are `sold` to the buyer) or either side cancels it (back on sale).
 */
export const DEAL_STATUSES = { reserved: "交易中", completed: "已成交", cancelled: "已取消" } as const;
export type DealStatus = keyof typeof DEAL_STATUSES;

/** The two sides of a deal, as the deals list of the personal centre names them. */
export const DEAL_ROLES = { buyer: "我买到的", seller: "我卖出的" } as const;
export type DealRole = keyof typeof DEAL_ROLES;

export const RATING_LABELS = { 1: "很差", 2: "较差", 3: "一般", 4: "满意", 5: "非常满意" } as const;

export const TradeLimits = {
  /** An offer nobody answers expires this long after it was made. */
  offerHours: 24,
  /** After a deal is completed, each side may review the other this long. */
  reviewDays: 14,
  ratingMin: 1,
  ratingMax: 5,
  reviewTextMax: 500,
} as const;
