import { PublicUserSchema } from "./accounts.js";
import { IdSchema, listParam, text } from "./fields.js";
import { GoodsSchema } from "./goods.js";
import { PageLimits } from "./values/envelope.js";
import { CommentLimits } from "./values/social.js";
import { z } from "./zod.js";

export const CreateCommentBodySchema = z.object({
  goodsId: IdSchema,
  content: text().trim().min(1).max(CommentLimits.contentMax),
  replyToId: IdSchema.nullish(),
});
export type CreateCommentBody = z.infer<typeof CreateCommentBodySchema>;

export const GoodsCommentSchema = z.object({
  id: z.string(),
  goodsId: z.string(),
  content: z.string(),
  replyToId: z.string().nullable(),
  replyToUser: PublicUserSchema.nullable().describe('Who the replied-to comment was written by, for "回复 @昵称".'),
  user: PublicUserSchema,
  createdAt: z.string(),
});
export type GoodsComment = z.infer<typeof GoodsCommentSchema>;

export const FavoriteBodySchema = z.object({ goodsId: IdSchema });
export type FavoriteBody = z.infer<typeof FavoriteBodySchema>;

export const FavoriteStateSchema = z
  .object({ exists: z.boolean(), favCount: z.number() })
  .describe("What adding or removing a favourite answers: the new state and the goods' new count.");
export type FavoriteState = z.infer<typeof FavoriteStateSchema>;

export const PriceDropCentsSchema = z
  .number()
  .describe(
    'How much cheaper, in fen, goods are now than when the user made them a favourite: what "降价 ¥X" shows. 0 when they are not cheaper (or not a favourite). A favourite added again counts from the price of that day; a price raised and lowered again counts from the favourite\'s price still.',
  );
export type PriceDropCents = z.infer<typeof PriceDropCentsSchema>;

export const FavoriteExistsSchema = z
  .object({ exists: z.boolean(), priceDropCents: PriceDropCentsSchema })
  .describe("GET /fav/exists/{goodsId}.");
export type FavoriteExists = z.infer<typeof FavoriteExistsSchema>;

export const FavoriteGoodsSchema = GoodsSchema.extend({ priceDropCents: PriceDropCentsSchema }).describe(
  "A goods item of the user's favourites list (GET /fav).",
);
export type FavoriteGoods = z.infer<typeof FavoriteGoodsSchema>;

/** Which of a page of goods the user keeps as favourites: the hearts of a feed in one call. */
export const FavoriteIdsQuerySchema = z.object({ goodsIds: listParam(IdSchema, PageLimits.maxPageSize) });
export type FavoriteIdsQuery = z.infer<typeof FavoriteIdsQuerySchema>;

export const FavoriteIdsSchema = z
  .object({
    goodsIds: z.array(z.string()),
    priceDropCents: z
      .record(z.string(), PriceDropCentsSchema)
      .describe("By goods id, those of `goodsIds` that are cheaper now than when made a favourite, and by how much."),
  })
  .describe("Which of a page of goods the user keeps as favourites: the hearts of a feed in one call.");
export type FavoriteIds = z.infer<typeof FavoriteIdsSchema>;
