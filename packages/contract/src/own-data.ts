import { text } from "./fields.js";
import type { SearchCriteria } from "./goods.js";
import { AccountLimits } from "./values/accounts.js";
import type { MessageType } from "./values/chat.js";
import type { Condition, GoodsStatus } from "./values/goods.js";
import type { DealStatus, OfferStatus } from "./values/trade.js";
import { z } from "./zod.js";

/** POST /user/delete: the current password, so a signed-in browser left open cannot close the account. */
export const DeleteAccountBodySchema = z.object({
  password: text().min(1).max(AccountLimits.passwordMax),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

/**
 * GET /user/export: everything the account holds, as one JSON file (the envelope, its `data` this).
 * Ids are strings and times ISO-8601 UTC, as everywhere in the API; money in fen.
 */
export interface DataExport {
  exportedAt: string;
  profile: {
    id: string;
    username: string;
    email: string;
    nickname: string;
    avatarUrl: string | null;
    bio: string;
    createdAt: string;
  };
  /** Every goods item they posted, whatever its status, with its pictures' addresses. */
  goods: ExportedGoods[];
  /** Comments they wrote, on anyone's goods. */
  comments: {
    id: string;
    goodsId: string;
    goodsTitle: string;
    content: string;
    replyToId: string | null;
    createdAt: string;
  }[];
  favorites: { goodsId: string; title: string; priceCents: number; favoritedPriceCents: number; createdAt: string }[];
  /** Their chats, each with every message, oldest first; `fromMe` tells their own. */
  chats: ExportedChat[];
  offers: {
    id: string;
    goodsId: string;
    chatId: string;
    role: "buyer" | "seller";
    fromMe: boolean;
    amountCents: number;
    status: OfferStatus;
    createdAt: string;
    decidedAt: string | null;
  }[];
  deals: {
    id: string;
    goodsId: string | null;
    goodsTitle: string;
    role: "buyer" | "seller";
    priceCents: number;
    status: DealStatus;
    createdAt: string;
    completedAt: string | null;
    cancelledAt: string | null;
  }[];
  /** Reviews they wrote (`written`) and were given (`received`). */
  reviews: {
    id: string;
    dealId: string;
    direction: "written" | "received";
    rating: number;
    content: string;
    createdAt: string;
  }[];
  follows: { sellerId: string; nickname: string; createdAt: string }[];
  savedSearches: { id: string; name: string; criteria: SearchCriteria; createdAt: string }[];
}

export interface ExportedGoods {
  id: string;
  title: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  category: string;
  condition: Condition;
  location: string;
  status: GoodsStatus;
  viewCount: number;
  favCount: number;
  createdAt: string;
  updatedAt: string;
  pictures: { url: string; thumbUrl: string }[];
}

export interface ExportedChat {
  chatId: string;
  peer: { id: string; nickname: string };
  goods: { id: string; title: string } | null;
  createdAt: string;
  messages: { id: string; fromMe: boolean; type: MessageType; content: string; createdAt: string }[];
}
