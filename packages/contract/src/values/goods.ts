/** The goods' limits, categories, conditions, statuses and sorts: plain values, free of schemas. */
export const GoodsLimits = {
  titleMin: 2,
  titleMax: 60,
  descriptionMax: 2000,
  locationMax: 30,
  /** ¥999,999.99: more than any second-hand item, less than any overflow. */
  priceMaxCents: 99_999_999,
  picturesMax: 9,
  keywordMax: 50,
  /** Search totals are counted up to this many; past it the reply says totalCapped. */
  searchTotalCap: 1_000,
  /**
   * Totals of a list narrowed past its category (price, condition, city) are counted up to this
   * many, as search totals are; the whole list's and a category's totals are always exact.
   */
  narrowedListTotalCap: 1_000,
} as const;

export const CATEGORIES = {
  phones: "手机",
  computers: "电脑办公",
  digital: "数码影音",
  appliances: "家用电器",
  furniture: "家具家居",
  clothing: "服饰鞋包",
  books: "图书文具",
  sports: "运动户外",
  beauty: "美妆个护",
  kids: "母婴玩具",
  games: "游戏娱乐",
  other: "其他闲置",
} as const;
export type Category = keyof typeof CATEGORIES;

export const CONDITIONS = {
  new: "全新",
  like_new: "几乎全新",
  good: "轻微使用痕迹",
  fair: "明显使用痕迹",
  poor: "有瑕疵",
} as const;
export type Condition = keyof typeof CONDITIONS;

export const GOODS_STATUSES = { on_sale: "在售", reserved: "已预订", sold: "已售出" } as const;
export type GoodsStatus = keyof typeof GOODS_STATUSES;

export const GOODS_SORTS = {
  latest: "最新发布",
  price_asc: "价格从低到高",
  price_desc: "价格从高到低",
  popular: "最受欢迎",
} as const;
export type GoodsSort = keyof typeof GOODS_SORTS;

export const SEARCH_SORTS = { relevance: "综合排序", ...GOODS_SORTS } as const;
export type SearchSort = keyof typeof SEARCH_SORTS;

export const UploadLimits = {
  maxBytes: 10 * 1024 * 1024,
  types: ["image/jpeg", "image/png", "image/webp", "image/gif"],
  /** Longest side of the web-sized version and of the thumbnail, in pixels. */
  webSize: 1280,
  thumbSize: 400,
} as const;

export const PictureLimits = {
  /**
   * What one user's stored pictures (web size and thumbnail, as re-encoded) may add up to; unused
   * uploads count until they are purged. 500 MB holds about 2,500 photos at the web size.
   */
  storagePerUserBytes: 500 * 1024 * 1024,
} as const;
