import { PageQuerySchema } from "./envelope.js";
import { SELLER_GOODS_TABS, type SellerGoodsTab } from "./values/sellers.js";
import { z } from "./zod.js";

/** The path of /user/{id}/profile and /user/{id}/goods is IdParamsSchema (goods.ts): `{ id }`. */

export const SellerGoodsQuerySchema = PageQuerySchema.extend({
  status: z.enum(Object.keys(SELLER_GOODS_TABS) as [SellerGoodsTab, ...SellerGoodsTab[]]).default("on_sale"),
});
export type SellerGoodsQuery = z.infer<typeof SellerGoodsQuerySchema>;

export const SellerProfileSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    nickname: z.string(),
    avatarUrl: z.string().nullable(),
    bio: z.string(),
    createdAt: z.string(),
    city: z
      .string()
      .nullable()
      .describe("The location of their most recently posted goods that has one; null when none has."),
    onSaleCount: z.number().describe("Goods the public lists show: on sale or reserved."),
    soldCount: z.number(),
    responseRate: z
      .number()
      .nullable()
      .describe(
        "Of the chats others started with them about their goods in the last 90 days, the share (0 to 1) they answered within 24 hours; null when there was no such chat.",
      ),
    responseMinutes: z
      .number()
      .nullable()
      .describe(
        "The median minutes from such a chat's first message to their first reply; null when they replied to none.",
      ),
    ratingAverage: z
      .number()
      .nullable()
      .describe("The average stars (1 to 5, one decimal) of the visible reviews about them; null without one."),
    ratingCount: z.number().describe("How many visible reviews there are about them (as seller and as buyer)."),
    completedSales: z.number().describe("Deals they completed as the seller."),
    protectedSales: z.number().describe("Protected orders (担保交易) they completed as the seller."),
    cancelRate: z
      .number()
      .nullable()
      .describe(
        "Of the protected orders paid to them, the share (0 to 1) they cancelled or let run out unshipped; null before any was paid.",
      ),
    refundRate: z
      .number()
      .nullable()
      .describe(
        "Of the protected orders paid to them, the share (0 to 1) refunded after sale (售后), in full or in part; null before any was paid.",
      ),
    disputeRate: z
      .number()
      .nullable()
      .describe(
        "Of the protected orders paid to them, the share (0 to 1) whose refund went to the platform (平台介入); null before any was paid.",
      ),
    followerCount: z.number().describe("Users following them."),
    followingCount: z.number().describe("Users they follow."),
  })
  .describe("What anyone may see of a user on their page (GET /user/{id}/profile): never the e-mail.");
export type SellerProfile = z.infer<typeof SellerProfileSchema>;
