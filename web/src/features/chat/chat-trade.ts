import type { ChatTrade, Deal, Offer } from "@xianzhi/contract";

/**
 * What the app knows of a chat's trade (GET /offers?chatId=), kept current by the `offer` and
 * `deal` frames and by the answers to what the user does. The updaters change it in place, as RTK
 * Query's `updateCachedData` (Immer) expects. Frames and answers may arrive in either order and
 * twice: an offer that was decided never reopens, a deal that ended never goes back to 交易中.
 */

const byId = (a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id);

/** An offer made or changed: added in order of id, or put in place of the copy the chat has. */
export function applyOffer(trade: ChatTrade, offer: Offer): void {
  const index = trade.offers.findIndex((known) => known.id === offer.id);
  const known = trade.offers[index];
  if (known) {
    if (known.status !== "open" && offer.status === "open") return;
    trade.offers[index] = offer;
  } else {
    trade.offers = [...trade.offers, offer].sort(byId);
  }
  // A counter-offer answers the offer it replaces, whether or not that offer's own frame came.
  const replaced = trade.offers.find((known) => known.id === offer.replacesId);
  if (replaced?.status === "open") {
    replaced.status = "countered";
    replaced.decidedAt = offer.createdAt;
  }
}

/** A deal started, completed or cancelled: the chat shows its newest one. */
export function applyDeal(trade: ChatTrade, deal: Deal): void {
  const known = trade.deal;
  if (known && Number(known.id) > Number(deal.id)) return;
  if (known?.id === deal.id && known.status !== "reserved" && deal.status === "reserved") return;
  trade.deal = deal;
}

/**
 * What a deal starting or ending changes besides the chat: the goods' status (reserved, sold, back
 * on sale) wherever goods are shown, the chat list's goods, the seller's figures, the deal lists.
 */
export function dealChangedTags(deal: Pick<Deal, "goodsId" | "sellerId">) {
  return [
    { type: "Goods" as const, id: deal.goodsId },
    "GoodsList" as const,
    "MyGoods" as const,
    "Chats" as const,
    "Deals" as const,
    { type: "Seller" as const, id: deal.sellerId },
  ];
}
