import { DEAL_PROCESS, OFFER_PROCESS, type Offer } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Delivery, WithDeliveries } from "../../plugins/realtime.js";
import type { Deps } from "../../services.js";
import { holdPair, requireNotBlocked } from "../block-checks/index.js";
import { storeProductMessage } from "../chat/index.js";
import type { DealRow } from "../deals/index.js";
import { insertDeal, toDeal } from "../deals/index.js";
import { moveGoodsStatus } from "../goods-status/index.js";
import type { NotificationOutbox } from "../notifications/index.js";
import { offerDeliveries, offerNotice } from "./offer-frames.js";
import { notOpenError, type OfferRow, toOffer } from "./offer-mapper.js";
import * as repo from "./offer-repository.js";
import { offerChangedError, requireOfferTransition } from "./offer-rules.js";
import { closePreviousOffer, insertOfferWithCard } from "./offer-service.js";

/** Written into the chat of each offer declined because the goods went to another buyer. */
export const PROMISED_TO_ANOTHER = "卖家已将宝贝预订给其他买家，未处理的出价已自动拒绝";

/** Why the goods could not be reserved: the offer itself changed meanwhile, or else the goods did. */
async function notReservedError(tx: DbOrTx, offerId: number, now: string) {
  const row = await repo.findOffer(tx, offerId);
  if (!row) return appError("OFFER_NOT_FOUND");
  return toOffer(row, now).status === "open" ? appError("GOODS_NOT_AVAILABLE") : notOpenError(row, now);
}

/**
 * Declines the goods' other live offers, each with a notice in its chat from the seller; answers
 * the frames that tell their two sides.
 */
async function declineTheOthers(
  tx: DbOrTx,
  outbox: NotificationOutbox,
  goodsId: number,
  sellerId: number,
  now: string,
): Promise<Delivery[]> {
  const deliveries: Delivery[] = [];
  const declined = await repo.declineLiveOffersOfGoods(tx, goodsId, now);
  await outbox.record(
    tx,
    declined.map((row) => offerNotice(row, "offer_declined", row.buyerId, sellerId)),
  );
  for (const row of declined) {
    const notice = await storeProductMessage(tx, {
      chatId: row.chatId,
      senderId: sellerId,
      type: "notice",
      content: PROMISED_TO_ANOTHER,
    });
    deliveries.push(...offerDeliveries(row, now, notice));
  }
  return deliveries;
}

/**
 * The deal an offer starts, in the caller's transaction (the goods already moved to reserved):
 * stored at the offer's amount, and the offer marked accepted with it, only if still open.
 */
async function dealOfOffer(tx: DbOrTx, offer: OfferRow, goodsTitle: string, now: string) {
  const deal = await insertDeal(tx, {
    goodsId: offer.goodsId,
    goodsTitle,
    chatId: offer.chatId,
    offerId: offer.id,
    buyerId: offer.buyerId,
    sellerId: offer.sellerId,
    priceCents: offer.amountCents,
    status: DEAL_PROCESS.initial,
    createdAt: now,
    completedAt: null,
    cancelledAt: null,
    cancelledBy: null,
  });
  const accepted = await repo.closeOpenOffer(
    tx,
    offer.id,
    { status: OFFER_PROCESS.transitions.accept.to, decidedAt: now, dealId: deal.id },
    now,
  );
  if (!accepted) throw await offerChangedError(tx, offer.id, now);
  return { deal, accepted };
}

/**
 * The side an offer was made to accepts it: in one transaction the goods go from on sale to
 * reserved (only if still on sale), the offer from open to accepted (only if still open), the deal
 * is stored, and the goods' other open offers are declined. Every step is a conditional UPDATE
 * after the goods row, which every change of offers and deals locks first: of two accepts on the
 * same goods at the same moment (of one offer or of two) the second finds the goods reserved and
 * changes nothing, on either database. Between two users one of whom blocked the other it is
 * refused (1706 / 1707); the transaction holds the pair before anything else, as blocking does, so
 * of a block and an accept at the same moment either the accept commits first (the deal stands)
 * or it waits, finds the block and writes nothing.
 */
export async function acceptOffer(
  { db, outbox }: Deps<"db" | "outbox">,
  userId: number,
  offerId: number,
): Promise<WithDeliveries<Offer>> {
  const now = nowIso();
  const offer = await requireOfferTransition(db, userId, offerId, "accept", now);
  const { accepted, deal, othersDeliveries } = await db.transaction().execute(async (tx) => {
    await holdPair(tx, userId, offer.fromUserId);
    await requireNotBlocked(tx, userId, offer.fromUserId);
    const goods = await moveGoodsStatus(tx, offer.goodsId, "on_sale", "reserved");
    if (!goods) throw await notReservedError(tx, offer.id, now);
    const { deal, accepted } = await dealOfOffer(tx, offer, goods.title, now);
    await outbox.record(tx, [offerNotice(accepted, "offer_accepted", accepted.fromUserId, userId)]);
    const othersDeliveries = await declineTheOthers(tx, outbox, offer.goodsId, offer.sellerId, now);
    return { accepted, deal, othersDeliveries };
  });
  outbox.push();
  const parties = [accepted.buyerId, accepted.sellerId];
  return {
    data: toOffer(accepted, now),
    deliveries: [
      ...offerDeliveries(accepted, now),
      { userIds: parties, frame: { type: "deal", deal: toDeal(deal) } },
      ...othersDeliveries,
    ],
  };
}

export interface BuyNow {
  goodsId: number;
  chatId: number;
  buyerId: number;
  sellerId: number;
  /** The goods' price: 立即购买 takes it as it is. */
  amountCents: number;
}

/**
 * 立即购买, in the caller's transaction (which has held the pair and checked blocks): the buyer's
 * offer at the goods' price, accepted at once, reserves the goods for them as any accepted offer
 * does, so the deal, its chat card and the declining of the goods' other offers are the same. The
 * buyer's own open offer is closed first. Answers the deal, or GOODS_NOT_AVAILABLE when the goods
 * were no longer on sale (another buyer came first).
 */
export async function reserveAtPrice(
  tx: DbOrTx,
  outbox: NotificationOutbox,
  buy: BuyNow,
  now: string,
): Promise<{ deal: DealRow; offer: Offer; deliveries: Delivery[] }> {
  const goods = await moveGoodsStatus(tx, buy.goodsId, "on_sale", "reserved");
  if (!goods) throw appError("GOODS_NOT_AVAILABLE");
  const previous = await closePreviousOffer(tx, buy.goodsId, buy.buyerId, now);
  const made = await insertOfferWithCard(tx, { ...buy, fromUserId: buy.buyerId, replacesId: null }, now);
  const { deal, accepted } = await dealOfOffer(tx, made.row, goods.title, now);
  const othersDeliveries = await declineTheOthers(tx, outbox, buy.goodsId, buy.sellerId, now);
  return {
    deal,
    offer: toOffer(accepted, now),
    deliveries: [
      ...(previous ? offerDeliveries(previous, now) : []),
      ...offerDeliveries(accepted, now, made.message),
      { userIds: [buy.buyerId, buy.sellerId], frame: { type: "deal", deal: toDeal(deal) } },
      ...othersDeliveries,
    ],
  };
}
