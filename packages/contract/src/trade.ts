import type { PublicUser } from "./accounts.js";
import type { ChatGoods } from "./chat.js";
import { PageQuerySchema } from "./envelope.js";
import { IdSchema, text } from "./fields.js";
import { GoodsLimits } from "./values/goods.js";
import { DEAL_ROLES, type DealRole, type DealStatus, type OfferStatus, TradeLimits } from "./values/trade.js";
import { z } from "./zod.js";

/** Offers, deals and reviews: the trade loop. Amounts are in fen, as prices are. */

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
  role: z.enum(Object.keys(DEAL_ROLES) as [DealRole, ...DealRole[]]),
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

export interface Offer {
  id: string;
  goodsId: string;
  chatId: string;
  buyerId: string;
  sellerId: string;
  /** Who made this offer: the buyer, or the seller when it is a counter-offer. */
  fromUserId: string;
  amountCents: number;
  /** An open offer past `expiresAt` reads as `expired`. */
  status: OfferStatus;
  /** The offer this one counters, or null. */
  replacesId: string | null;
  /** The deal it started, when accepted. */
  dealId: string | null;
  createdAt: string;
  expiresAt: string;
  /** When it stopped being open (accepted, declined, countered, withdrawn, expired); null while open. */
  decidedAt: string | null;
}

export interface Deal {
  id: string;
  goodsId: string;
  /** The chat the offer was made in. */
  chatId: string;
  offerId: string;
  buyerId: string;
  sellerId: string;
  /** The accepted offer's amount. */
  priceCents: number;
  status: DealStatus;
  createdAt: string;
  /** When the seller confirmed the sale; null before. */
  completedAt: string | null;
  cancelledAt: string | null;
  /** Who cancelled it; null unless cancelled. */
  cancelledBy: string | null;
}

/** What a chat shows of the trade: every offer made in it (oldest first) and its newest deal. */
export interface ChatTrade {
  offers: Offer[];
  deal: Deal | null;
}

export interface Review {
  id: string;
  dealId: string;
  reviewer: PublicUser;
  /** Whom it is about. */
  revieweeId: string;
  /** The reviewee's side of the deal: a review of them as seller or as buyer. */
  revieweeRole: DealRole;
  rating: number;
  content: string;
  createdAt: string;
  /** The goods traded, as they are now (title kept from the deal if the goods were deleted). */
  goodsTitle: string;
}

/** One line of 我买到的 / 我卖出的. */
export interface DealSummary extends Deal {
  goods: ChatGoods;
  /** The other side: the seller in 我买到的, the buyer in 我卖出的. */
  peer: PublicUser;
  /** The caller's review of the peer, once written. */
  myReview: Review | null;
  /** Whether the peer has reviewed the caller (the review itself shows once it is visible). */
  peerReviewed: boolean;
  /** The peer's review of the caller, once visible: both have written theirs or the window closed. */
  peerReview: Review | null;
  /** Until when the caller may still review (completed deals); null otherwise. */
  reviewDeadline: string | null;
}
