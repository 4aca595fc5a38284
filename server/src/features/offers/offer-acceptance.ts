import { DEAL_PROCESS, OFFER_PROCESS, type Offer } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Delivery, WithDeliveries } from "../../plugins/realtime.js";
import type { Deps } from "../../services.js";
import { holdPair, requireNotBlocked } from "../block-checks/index.js";
import { storeProductMessage } from "../chat/index.js";
import { insertDeal, toDeal } from "../deals/index.js";
import { moveGoodsStatus } from "../goods-status/index.js";
import type { NotificationOutbox } from "../notifications/index.js";
import { offerDeliveries, offerNotice } from "./offer-frames.js";
import { notOpenError, toOffer } from "./offer-mapper.js";
import * as repo from "./offer-repository.js";
import { offerChangedError, requireOfferTransition } from "./offer-rules.js";

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
    const deal = await insertDeal(tx, {
      goodsId: offer.goodsId,
      goodsTitle: goods.title,
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
