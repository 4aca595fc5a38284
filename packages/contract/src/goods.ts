import type { PublicUser } from "./accounts.js";
import { PageQuerySchema } from "./envelope.js";
import { IdSchema, listParam, text } from "./fields.js";
import { z } from "./zod.js";

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
export const CategorySchema = z.enum(Object.keys(CATEGORIES) as [Category, ...Category[]]);

export const CONDITIONS = {
  new: "全新",
  like_new: "几乎全新",
  good: "轻微使用痕迹",
  fair: "明显使用痕迹",
  poor: "有瑕疵",
} as const;
export type Condition = keyof typeof CONDITIONS;
export const ConditionSchema = z.enum(Object.keys(CONDITIONS) as [Condition, ...Condition[]]);

export const GOODS_STATUSES = { on_sale: "在售", reserved: "已预订", sold: "已售出" } as const;
export type GoodsStatus = keyof typeof GOODS_STATUSES;
export const GoodsStatusSchema = z.enum(Object.keys(GOODS_STATUSES) as [GoodsStatus, ...GoodsStatus[]]);

export const GOODS_SORTS = {
  latest: "最新发布",
  price_asc: "价格从低到高",
  price_desc: "价格从高到低",
  popular: "最受欢迎",
} as const;
export type GoodsSort = keyof typeof GOODS_SORTS;
export const SEARCH_SORTS = { relevance: "综合排序", ...GOODS_SORTS } as const;
export type SearchSort = keyof typeof SEARCH_SORTS;

const PriceCentsSchema = z.number().int().min(0).max(GoodsLimits.priceMaxCents);
const FileIdSchema = text().min(1).max(64);
const FileIdsSchema = z
  .array(FileIdSchema)
  .max(GoodsLimits.picturesMax)
  .refine((ids) => new Set(ids).size === ids.length, "图片不能重复");

const goodsFields = {
  title: text().trim().min(GoodsLimits.titleMin).max(GoodsLimits.titleMax),
  description: text().trim().max(GoodsLimits.descriptionMax),
  priceCents: PriceCentsSchema,
  originalPriceCents: PriceCentsSchema.nullable(),
  category: CategorySchema,
  condition: ConditionSchema,
  location: text().trim().max(GoodsLimits.locationMax),
  /** Uploaded pictures in display order; the first is the cover. */
  fileIds: FileIdsSchema,
};

export const CreateGoodsBodySchema = z
  .object({
    ...goodsFields,
    description: goodsFields.description.default(""),
    originalPriceCents: goodsFields.originalPriceCents.optional(),
    location: goodsFields.location.default(""),
    fileIds: goodsFields.fileIds.default([]),
  })
  .strict();
export type CreateGoodsBody = z.infer<typeof CreateGoodsBodySchema>;

/** Any subset of the fields; fileIds, when given, replaces the pictures in that order. */
export const UpdateGoodsBodySchema = z
  .object(goodsFields)
  .partial()
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), "请至少修改一项内容");
export type UpdateGoodsBody = z.infer<typeof UpdateGoodsBodySchema>;

export const SetGoodsStatusBodySchema = z.object({ status: GoodsStatusSchema });
export type SetGoodsStatusBody = z.infer<typeof SetGoodsStatusBodySchema>;

export const IdParamsSchema = z.object({ id: IdSchema });
export const GoodsIdParamsSchema = z.object({ goodsId: IdSchema });

const priceFilter = z.coerce.number().int().min(0).max(GoodsLimits.priceMaxCents).optional();

/** One or several conditions: `condition=new,good` or `condition=new&condition=good`. */
const conditionsFilter = listParam(ConditionSchema, Object.keys(CONDITIONS).length);

const listFilters = {
  category: CategorySchema.optional(),
  minPrice: priceFilter,
  maxPrice: priceFilter,
  condition: conditionsFilter.optional(),
  /** Matches goods whose location starts with it: 上海 finds 上海 徐汇. */
  city: text().trim().min(1).max(GoodsLimits.locationMax).optional(),
};

function priceRangeInOrder(query: { minPrice?: number; maxPrice?: number }) {
  return query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice;
}

export const GoodsListQuerySchema = PageQuerySchema.extend({
  ...listFilters,
  sort: z.enum(Object.keys(GOODS_SORTS) as [GoodsSort, ...GoodsSort[]]).default("latest"),
}).refine(priceRangeInOrder, { message: "最低价不能高于最高价", path: ["minPrice"] });
export type GoodsListQuery = z.infer<typeof GoodsListQuerySchema>;

export const GoodsSearchQuerySchema = PageQuerySchema.extend({
  ...listFilters,
  keyword: text().trim().min(1).max(GoodsLimits.keywordMax),
  sort: z.enum(Object.keys(SEARCH_SORTS) as [SearchSort, ...SearchSort[]]).default("relevance"),
}).refine(priceRangeInOrder, { message: "最低价不能高于最高价", path: ["minPrice"] });
export type GoodsSearchQuery = z.infer<typeof GoodsSearchQuerySchema>;

export const MyGoodsQuerySchema = PageQuerySchema.extend({ status: GoodsStatusSchema.optional() });
export type MyGoodsQuery = z.infer<typeof MyGoodsQuerySchema>;

export interface Picture {
  id: string;
  /** The upload it shows: what create and edit take in fileIds. */
  fileId: string;
  url: string;
  thumbUrl: string;
}

export interface Goods {
  id: string;
  title: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  category: Category;
  condition: Condition;
  location: string;
  status: GoodsStatus;
  pictures: Picture[];
  coverUrl: string | null;
  seller: PublicUser;
  viewCount: number;
  favCount: number;
  commentCount: number;
  createdAt: string;
  updatedAt: string;
}

export const UploadedFileSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number(),
  height: z.number(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

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

export const AddPictureBodySchema = z.object({ goodsId: IdSchema, fileId: FileIdSchema });
export type AddPictureBody = z.infer<typeof AddPictureBodySchema>;
