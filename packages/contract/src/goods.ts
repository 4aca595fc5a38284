import { PublicUserSchema } from "./accounts.js";
import { CursorSchema, PageQuerySchema, withCursorNotPage } from "./envelope.js";
import { IdSchema, listParam, shownName, text } from "./fields.js";
import {
  CATEGORIES,
  type Category,
  CONDITIONS,
  type Condition,
  GOODS_SORTS,
  GOODS_STATUSES,
  GoodsLimits,
  type GoodsSort,
  type GoodsStatus,
  SEARCH_SORTS,
  type SearchSort,
} from "./values/goods.js";
import { GOODS_VISIBILITIES, type GoodsVisibility } from "./values/moderation.js";
import { z } from "./zod.js";

export const CategorySchema = z.enum(Object.keys(CATEGORIES) as [Category, ...Category[]]);

export const ConditionSchema = z.enum(Object.keys(CONDITIONS) as [Condition, ...Condition[]]);

export const GoodsStatusSchema = z.enum(Object.keys(GOODS_STATUSES) as [GoodsStatus, ...GoodsStatus[]]);

const PriceCentsSchema = z.number().int().min(0).max(GoodsLimits.priceMaxCents);
const FileIdSchema = text().min(1).max(64);
const FileIdsSchema = z
  .array(FileIdSchema)
  .max(GoodsLimits.picturesMax)
  .refine((ids) => new Set(ids).size === ids.length, "图片不能重复");

const goodsFields = {
  title: shownName(text().trim().min(GoodsLimits.titleMin).max(GoodsLimits.titleMax)),
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

/**
 * GET /goods/getlist: a page by number, or (with `cursor`, the `nextCursor` of the page before, in
 * any of the sorts) the goods after that page's last, for endless scrolling; answers a CursorPage.
 */
export const GoodsListQuerySchema = withCursorNotPage(
  PageQuerySchema.extend({
    ...listFilters,
    sort: z.enum(Object.keys(GOODS_SORTS) as [GoodsSort, ...GoodsSort[]]).default("latest"),
    cursor: CursorSchema.optional(),
  }).refine(priceRangeInOrder, { message: "最低价不能高于最高价", path: ["minPrice"] }),
);
export type GoodsListQuery = z.infer<typeof GoodsListQuerySchema>;

/** A search's keyword and filters without paging or order: what a saved search keeps. */
export const SearchCriteriaSchema = z
  .object({ keyword: text().trim().min(1).max(GoodsLimits.keywordMax), ...listFilters })
  .refine(priceRangeInOrder, { message: "最低价不能高于最高价", path: ["minPrice"] });
export type SearchCriteria = z.infer<typeof SearchCriteriaSchema>;

export const GoodsSearchQuerySchema = PageQuerySchema.extend({
  ...listFilters,
  keyword: text().trim().min(1).max(GoodsLimits.keywordMax),
  sort: z.enum(Object.keys(SEARCH_SORTS) as [SearchSort, ...SearchSort[]]).default("relevance"),
}).refine(priceRangeInOrder, { message: "最低价不能高于最高价", path: ["minPrice"] });
export type GoodsSearchQuery = z.infer<typeof GoodsSearchQuerySchema>;

export const MyGoodsQuerySchema = PageQuerySchema.extend({ status: GoodsStatusSchema.optional() });
export type MyGoodsQuery = z.infer<typeof MyGoodsQuerySchema>;

export const PictureSchema = z.object({
  id: z.string(),
  fileId: z.string().describe("The upload it shows: what create and edit take in fileIds."),
  url: z.string(),
  thumbUrl: z.string(),
});
export type Picture = z.infer<typeof PictureSchema>;

type HiddenVisibility = Exclude<GoodsVisibility, "public">;

export const GoodsModerationSchema = z.object({
  visibility: z.enum(
    Object.keys(GOODS_VISIBILITIES).filter((visibility) => visibility !== "public") as [
      HiddenVisibility,
      ...HiddenVisibility[],
    ],
  ),
  reason: z.string(),
});
export type GoodsModeration = z.infer<typeof GoodsModerationSchema>;

export const GoodsSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  priceCents: z.number(),
  originalPriceCents: z.number().nullable(),
  category: CategorySchema,
  condition: ConditionSchema,
  location: z.string(),
  status: GoodsStatusSchema,
  pictures: z.array(PictureSchema),
  coverUrl: z.string().nullable(),
  seller: PublicUserSchema,
  viewCount: z.number(),
  favCount: z.number(),
  commentCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  moderation: GoodsModerationSchema.optional().describe(
    "Only on goods others cannot see, answered to their owner alone (我发布的, the goods page): why, in the owner's words (\"已下架（违规）\" and the moderator's reason; 审核中 and the word).",
  ),
});
export type Goods = z.infer<typeof GoodsSchema>;

export const UploadedFileSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number(),
  height: z.number(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

export const AddPictureBodySchema = z.object({ goodsId: IdSchema, fileId: FileIdSchema });
export type AddPictureBody = z.infer<typeof AddPictureBodySchema>;
