import { PublicUserSchema } from "./accounts.js";
import { ChatGoodsSchema } from "./chat.js";
import { PageQuerySchema } from "./envelope.js";
import { IdSchema, text } from "./fields.js";
import { GoodsLimits } from "./values/goods.js";
import {
  DEAL_ROLES,
  DEAL_STATUSES,
  type DealRole,
  type DealStatus,
  OFFER_STATUSES,
  type OfferStatus,
  TradeLimits,
} from "./values/trade.js";
import { z } from "./zod.js";

/** Offers, deals and reviews: the trade loop. Amounts are in fen, as prices are. */

export const OfferStatusSchema = z.enum(Object.keys(OFFER_STATUSES) as [OfferStatus, ...OfferStatus[]]);
export const DealStatusSchema = z.enum(Object.keys(DEAL_STATUSES) as [DealStatus, ...DealStatus[]]);
export const DealRoleSchema = z.enum(Object.keys(DEAL_ROLES) as [DealRole, ...DealRole[]]);

/** At least one fen; whether it is above the goods' price is a business error (OFFER_AMOUNT). */
const OfferAmountSchema = z.number().int().min(1).max(GoodsLimits.priceMaxCents);

/** POST /offers: a buyer offers an amount for goods; the offer lands in their chat with the seller. */
export const CreateOfferBodySchema = z.object({ goodsId: IdSchema, amountCents: OfferAmountSchema }).strict();
export type CreateOfferBody = z.infer<typeof CreateOfferBodySchema>;

/** POST /offers/{id}/counter: the side an open offer was made to answers with an amount of its own. */
export const CounterOfferBodySchema = z.object({ amountCents: OfferAmountSchema }).strict();
export type CounterOfferBody = z.infer<typeof CounterOfferBodySchema>;

/** GET /offers?chatId=: a chat's offers and its deal, what its offer cards and header draw. */
export const ChatTradeQuerySchema = z.object({ chatId: IdSchema });
export type ChatTradeQuery = z.infer<typeof ChatTradeQuerySchema>;

/** GET /deals?role=buyer|seller: the personal centre's 我买到的 and 我卖出的, newest first. */
export const DealsQuerySchema = PageQuerySchema.extend({
  role: DealRoleSchema,
});
export type DealsQuery = z.infer<typeof DealsQuerySchema>;

/** POST /reviews: one side of a completed deal reviews the other. */
export const CreateReviewBodySchema = z
  .object({
    dealId: IdSchema,
    rating: z.number().int().min(TradeLimits.ratingMin).max(TradeLimits.ratingMax),
    content: text().trim().max(TradeLimits.reviewTextMax).default(""),
  })
  .strict();
export type CreateReviewBody = z.infer<typeof CreateReviewBodySchema>;

/** The path of /user/{id}/reviews is IdParamsSchema (goods.ts); its query is PageQuerySchema. */

export const OfferSchema = z.object({
  id: z.string(),
  goodsId: z.string(),
  chatId: z.string(),
  buyerId: z.string(),
  sellerId: z.string(),
  fromUserId: z.string().describe("Who made this offer: the buyer, or the seller when it is a counter-offer."),
  amountCents: z.number(),
  status: OfferStatusSchema.describe("An open offer past `expiresAt` reads as `expired`."),
  replacesId: z.string().nullable().describe("The offer this one counters, or null."),
  dealId: z.string().nullable().describe("The deal it started, when accepted."),
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z
    .string()
    .nullable()
    .describe("When it stopped being open (accepted, declined, countered, withdrawn, expired); null while open."),
});
export type Offer = z.infer<typeof OfferSchema>;

export const DealSchema = z.object({
  id: z.string(),
  goodsId: z.string(),
  chatId: z.string().describe("The chat the offer was made in."),
  offerId: z.string(),
  buyerId: z.string(),
  sellerId: z.string(),
  priceCents: z.number().describe("The accepted offer's amount."),
  status: DealStatusSchema,
  createdAt: z.string(),
  completedAt: z.string().nullable().describe("When the seller confirmed the sale; null before."),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.string().nullable().describe("Who cancelled it; null unless cancelled."),
  orderId: z
    .string()
    .nullable()
    .describe("The protected order (担保交易) paying it; null for a deal settled outside the product (无平台保障)."),
});
export type Deal = z.infer<typeof DealSchema>;

export const ChatTradeSchema = z
  .object({ offers: z.array(OfferSchema), deal: DealSchema.nullable() })
  .describe("What a chat shows of the trade: every offer made in it (oldest first) and its newest deal.");
export type ChatTrade = z.infer<typeof ChatTradeSchema>;

export const ReviewSchema = z.object({
  id: z.string(),
  dealId: z.string(),
  reviewer: PublicUserSchema,
  revieweeId: z.string().describe("Whom it is about."),
  revieweeRole: DealRoleSchema.describe("The reviewee's side of the deal: a review of them as seller or as buyer."),
  rating: z.number(),
  content: z.string(),
  createdAt: z.string(),
  goodsTitle: z
    .string()
    .describe("The goods traded, as they are now (title kept from the deal if the goods were deleted)."),
});
export type Review = z.infer<typeof ReviewSchema>;

export const DealSummarySchema = DealSchema.extend({
  goods: ChatGoodsSchema,
  peer: PublicUserSchema.describe("The other side: the seller in 我买到的, the buyer in 我卖出的."),
  myReview: ReviewSchema.nullable().describe("The caller's review of the peer, once written."),
  peerReviewed: z
    .boolean()
    .describe("Whether the peer has reviewed the caller (the review itself shows once it is visible)."),
  peerReview: ReviewSchema.nullable().describe(
    "The peer's review of the caller, once visible: both have written theirs or the window closed.",
  ),
  reviewDeadline: z
    .string()
    .nullable()
    .describe("Until when the caller may still review (completed deals); null otherwise."),
}).describe("One line of 我买到的 / 我卖出的.");
export type DealSummary = z.infer<typeof DealSummarySchema>;
