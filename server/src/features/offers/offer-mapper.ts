import { OFFER_STATUSES, type Offer, type OfferStatus } from "@xianzhi/contract";
import type { Selectable } from "kysely";
import type { OffersTable } from "../../db/schema.js";
import { appError } from "../../errors.js";

export type OfferRow = Selectable<OffersTable>;

/** Whether an offer stored as open has been left unanswered past its time. */
export const expiredBy = (row: OfferRow, now: string) => row.status === "open" && row.expiresAt <= now;

/**
 * An offer as the API answers it. One stored as open but past its time reads as expired, decided
 * when it expired, as the sweep later writes it: so reads agree before and after the sweep.
 */
export function toOffer(row: OfferRow, now: string): Offer {
  const expired = expiredBy(row, now);
  return {
    id: String(row.id),
    goodsId: String(row.goodsId),
    chatId: String(row.chatId),
    buyerId: String(row.buyerId),
    sellerId: String(row.sellerId),
    fromUserId: String(row.fromUserId),
    amountCents: row.amountCents,
    status: expired ? "expired" : (row.status as OfferStatus),
    replacesId: row.replacesId === null ? null : String(row.replacesId),
    dealId: row.dealId === null ? null : String(row.dealId),
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    decidedAt: expired ? row.expiresAt : row.decidedAt,
  };
}

/** The refusal of an action on an offer no longer open, saying what became of it (已过期, 已撤回…). */
export function notOpenError(row: OfferRow, now: string) {
  return appError("OFFER_NOT_OPEN", `这个出价${OFFER_STATUSES[toOffer(row, now).status]}`);
}
