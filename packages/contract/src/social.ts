import type { PublicUser } from "./accounts.js";
import { z } from "./zod.js";

export const CommentLimits = { contentMax: 500 } as const;

export const CreateCommentBodySchema = z.object({
  goodsId: z.string().regex(/^[1-9]\d{0,9}$/, "商品编号格式不正确"),
  content: z.string().trim().min(1).max(CommentLimits.contentMax),
  replyToId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "回复的评论编号格式不正确")
    .nullish(),
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

export const FavoriteBodySchema = z.object({ goodsId: z.string().regex(/^[1-9]\d{0,9}$/, "商品编号格式不正确") });
export type FavoriteBody = z.infer<typeof FavoriteBodySchema>;
