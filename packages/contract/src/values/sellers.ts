/** Seller pages: plain values, free of schemas. */

/**
 * The tabs of a seller's goods. 在售 holds what the public lists show (on sale and reserved), 已售
 * what has been sold: each goods item is in exactly one of them.
 */
export const SELLER_GOODS_TABS = { on_sale: "在售", sold: "已售" } as const;
export type SellerGoodsTab = keyof typeof SELLER_GOODS_TABS;

export const SellerStatsLimits = {
  /** How far back a seller's replies are measured. */
  responseWindowDays: 90,
  /** A reply later than this does not count as replied in the response rate. */
  replyWithinHours: 24,
} as const;
