import { PageQuerySchema } from "./envelope.js";
import { SELLER_GOODS_TABS, type SellerGoodsTab } from "./values/sellers.js";
import { z } from "./zod.js";

/** The path of /user/{id}/profile and /user/{id}/goods is IdParamsSchema (goods.ts): `{ id }`. */

export const SellerGoodsQuerySchema = PageQuerySchema.extend({
  status: z.enum(Object.keys(SELLER_GOODS_TABS) as [SellerGoodsTab, ...SellerGoodsTab[]]).default("on_sale"),
});
export type SellerGoodsQuery = z.infer<typeof SellerGoodsQuerySchema>;

/**
 * What anyone may see of a user on their page (GET /user/{id}/profile): never the e-mail.
 */
export interface SellerProfile {
  id: string;
  username: string;
  nickname: string;
  avatarUrl: string | null;
  bio: string;
  createdAt: string;
  /** The location of their most recently posted goods that has one; null when none has. */
  city: string | null;
  /** Goods the public lists show: on sale or reserved. */
  onSaleCount: number;
  soldCount: number;
  /**
   * Of the chats others started with them about their goods in the last 90 days, the share (0 to 1)
   * they answered within 24 hours; null when there was no such chat.
   */
  responseRate: number | null;
  /** The median minutes from such a chat's first message to their first reply; null when they replied to none. */
  responseMinutes: number | null;
  /** The average stars (1 to 5, one decimal) of the visible reviews about them; null without one. */
  ratingAverage: number | null;
  /** How many visible reviews there are about them (as seller and as buyer). */
  ratingCount: number;
  /** Deals they completed as the seller. */
  completedSales: number;
  /** Users following them, and users they follow. */
  followerCount: number;
  followingCount: number;
}
