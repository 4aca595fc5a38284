import type { PublicUser } from "./accounts.js";
import { IdSchema, listParam, text } from "./fields.js";
import type { Goods } from "./goods.js";
import { PageLimits } from "./values/envelope.js";
import { CommentLimits } from "./values/social.js";
import { z } from "./zod.js";

export const CreateCommentBodySchema = z.object({
  goodsId: IdSchema,
  content: text().trim().min(1).max(CommentLimits.contentMax),
  replyToId: IdSchema.nullish(),
});
export type CreateCommentBody = z.infer<typeof CreateCommentBodySchema>;

export interface GoodsComment {
  id: string;
  goodsId: string;
  content: string;
  replyToId: string | null;
  /** Who the replied-to comment was written by, for "回复 @昵称". */
  replyToUser: PublicUser | null;
  user: PublicUser;
  createdAt: string;
}

export const FavoriteBodySchema = z.object({ goodsId: IdSchema });
export type FavoriteBody = z.infer<typeof FavoriteBodySchema>;

/** What adding or removing a favourite answers: the new state and the goods' new count. */
export interface FavoriteState {
  exists: boolean;
  favCount: number;
}

/**
 * How much cheaper, in fen, goods are now than when the user made them a favourite: what "降价 ¥X"
 * shows. 0 when they are not cheaper (or not a favourite). A favourite added again counts from the
 * price of that day; a price raised and lowered again counts from the favourite's price still.
 */
export type PriceDropCents = number;

/** GET /fav/exists/{goodsId}. */
export interface FavoriteExists {
  exists: boolean;
  priceDropCents: PriceDropCents;
}

/** A goods item of the user's favourites list (GET /fav). */
export interface FavoriteGoods extends Goods {
  priceDropCents: PriceDropCents;
}

/** Which of a page of goods the user keeps as favourites: the hearts of a feed in one call. */
export const FavoriteIdsQuerySchema = z.object({ goodsIds: listParam(IdSchema, PageLimits.maxPageSize) });
export type FavoriteIdsQuery = z.infer<typeof FavoriteIdsQuerySchema>;
export interface FavoriteIds {
  goodsIds: string[];
  /** By goods id, those of `goodsIds` that are cheaper now than when made a favourite, and by how much. */
  priceDropCents: Record<string, PriceDropCents>;
}
