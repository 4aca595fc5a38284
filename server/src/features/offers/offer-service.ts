import {
  type ChatTrade,
  type ChatTradeQuery,
  type CounterOfferBody,
  type CreateOfferBody,
  OFFER_PROCESS,
  type Offer,
  type OfferStatus,
} from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { uniqueViolation } from "../../db/errors.js";
import { appError } from "../../errors.js";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import { deliverAll, type WithDeliveries } from "../../plugins/realtime.js";
import type { Deps } from "../../services.js";
import { holdPair, requireNotBlocked } from "../block-checks/index.js";
import { ensureChat, peerInChat, storeProductMessage } from "../chat/index.js";
import { newestDealOfChat, toDeal } from "../deals/index.js";
import { requireGoods, requireGoodsFor, sellerOfGoods } from "../goods/index.js";
import { offerDeliveries, offerNotice } from "./offer-frames.js";
import { expiredBy, type OfferRow, toOffer } from "./offer-mapper.js";
import * as repo from "./offer-repository.js";
import { offerChangedError, requireOfferable, requireOfferTransition } from "./offer-rules.js";

/** Who an offer was made to: the seller for a buyer's offer, the buyer for a counter-offer. */
const recipientOf = (row: OfferRow) => (row.fromUserId === row.buyerId ? row.sellerId : row.buyerId);

type NewOffer = Pick<OfferRow, "goodsId" | "chatId" | "buyerId" | "sellerId" | "fromUserId" | "amountCents"> & {
  replacesId: number | null;
};

/** Stores an open offer and its card in the chat, sent by whoever made it. */
export async function insertOfferWithCard(tx: DbOrTx, offer: NewOffer, now: string) {
  const row = await repo.insertOffer(tx, {
    ...offer,
    status: "open",
    dealId: null,
    createdAt: now,
    expiresAt: isoAfterSeconds(OFFER_PROCESS.transitions.expire.afterHours * 3600, Date.parse(now)),
    decidedAt: null,
  });
  const message = await storeProductMessage(tx, {
    chatId: row.chatId,
    senderId: row.fromUserId,
    type: "offer",
    content: String(row.id),
  });
  return { row, message };
}

/**
 * Closes what was open between the buyer and the seller about the goods before the buyer's new
 * offer: their own offer is withdrawn, the seller's counter-offer countered by the new one, and one
 * already past its time written down as expired.
 */
export async function closePreviousOffer(tx: DbOrTx, goodsId: number, buyerId: number, now: string) {
  const previous = await repo.openOfferOfBuyer(tx, goodsId, buyerId);
  if (!previous) return undefined;
  const status: OfferStatus = expiredBy(previous, now)
    ? "expired"
    : previous.fromUserId === buyerId
      ? "withdrawn"
      : "countered";
  const decidedAt = status === "expired" ? previous.expiresAt : now;
  return repo.closeOpenOffer(tx, previous.id, { status, decidedAt });
}

/**
 * A buyer offers an amount for goods, in their chat with the seller (opened if need be): one
 * transaction stores the chat, the offer and its card. The pair of users is held first, as
 * blocking holds it (a block at the same moment comes before, and the offer is refused, or after,
 * and closes it), then the goods row is locked, as every change of offers and deals does, so two
 * offers of one buyer at the same moment come one after the other, the second replacing the first. The one-open-offer index stays the last guard: should
 * it refuse an offer all the same, the buyer is told to look again rather than shown a 500.
 */
export async function makeOffer(
  { db, outbox }: Deps<"db" | "outbox">,
  buyerId: number,
  body: CreateOfferBody,
): Promise<WithDeliveries<Offer>> {
  const goodsId = Number(body.goodsId);
  const now = nowIso();
  const { row, message, previous } = await db
    .transaction()
    .execute(async (tx) => {
      const sellerId = await sellerOfGoods(tx, goodsId);
      if (sellerId !== undefined) await holdPair(tx, buyerId, sellerId);
      const goods = await requireGoodsFor(tx, buyerId, goodsId);
      if (goods.sellerId === buyerId) throw appError("OFFER_OWN_GOODS");
      requireOfferable(goods, body.amountCents);
      await requireNotBlocked(tx, buyerId, goods.sellerId);
      const chatId = await ensureChat(tx, buyerId, goods.sellerId, goodsId);
      const previous = await closePreviousOffer(tx, goodsId, buyerId, now);
      const replacesId = previous?.status === "countered" ? previous.id : null;
      const sides = { goodsId, chatId, buyerId, sellerId: goods.sellerId, fromUserId: buyerId };
      const made = await insertOfferWithCard(tx, { ...sides, amountCents: body.amountCents, replacesId }, now);
      await outbox.record(tx, [offerNotice(made.row, "offer_received", goods.sellerId, buyerId)]);
      return { ...made, previous };
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error) === null) throw error;
      throw appError("OFFER_NOT_OPEN", "出价刚刚有变化，请刷新后再试");
    });
  outbox.push();
  return {
    data: toOffer(row, now),
    deliveries: [...(previous ? offerDeliveries(previous, now) : []), ...offerDeliveries(row, now, message)],
  };
}

/**
 * The side an open offer was made to answers with an amount of its own: a new offer replacing it.
 * Refused between two users one of whom blocked the other (1706 / 1707), the pair held first as in
 * `makeOffer`.
 */
export async function counterOffer(
  { db, outbox }: Deps<"db" | "outbox">,
  userId: number,
  offerId: number,
  body: CounterOfferBody,
): Promise<WithDeliveries<Offer>> {
  const now = nowIso();
  const original = await requireOfferTransition(db, userId, offerId, "counter", now);
  const { countered, row, message } = await db.transaction().execute(async (tx) => {
    await holdPair(tx, userId, original.fromUserId);
    requireOfferable(await requireGoods(tx, original.goodsId), body.amountCents);
    await requireNotBlocked(tx, userId, original.fromUserId);
    const countered = await repo.closeOpenOffer(
      tx,
      offerId,
      { status: OFFER_PROCESS.transitions.counter.to, decidedAt: now },
      now,
    );
    if (!countered) throw await offerChangedError(tx, offerId, now);
    const { goodsId, chatId, buyerId, sellerId } = countered;
    const sides = { goodsId, chatId, buyerId, sellerId, fromUserId: userId };
    const made = await insertOfferWithCard(tx, { ...sides, amountCents: body.amountCents, replacesId: offerId }, now);
    await outbox.record(tx, [offerNotice(made.row, "offer_countered", countered.fromUserId, userId)]);
    return { countered, ...made };
  });
  outbox.push();
  return {
    data: toOffer(row, now),
    deliveries: [...offerDeliveries(countered, now), ...offerDeliveries(row, now, message)],
  };
}

/** Closes an open offer as answered; a decline tells its maker, in the same transaction. */
async function closeAnswered(
  { db, outbox }: Deps<"db"> & Partial<Deps<"outbox">>,
  userId: number,
  offerId: number,
  status: OfferStatus,
  now: string,
) {
  const row = await db.transaction().execute(async (tx) => {
    const row = await repo.closeOpenOffer(tx, offerId, { status, decidedAt: now }, now);
    if (!row) throw await offerChangedError(tx, offerId, now);
    await outbox?.record(tx, [offerNotice(row, "offer_declined", row.fromUserId, userId)]);
    return row;
  });
  outbox?.push();
  return { data: toOffer(row, now), deliveries: offerDeliveries(row, now) };
}

export async function declineOffer(
  { db, outbox }: Deps<"db" | "outbox">,
  userId: number,
  offerId: number,
): Promise<WithDeliveries<Offer>> {
  const now = nowIso();
  await requireOfferTransition(db, userId, offerId, "decline", now);
  return closeAnswered({ db, outbox }, userId, offerId, OFFER_PROCESS.transitions.decline.to, now);
}

export async function withdrawOffer(
  { db }: Deps<"db">,
  userId: number,
  offerId: number,
): Promise<WithDeliveries<Offer>> {
  const now = nowIso();
  await requireOfferTransition(db, userId, offerId, "withdraw", now);
  return closeAnswered({ db }, userId, offerId, OFFER_PROCESS.transitions.withdraw.to, now);
}

/** A chat's offers and newest deal, for its members only. */
export async function chatTrade({ db }: Deps<"db">, userId: number, query: ChatTradeQuery): Promise<ChatTrade> {
  const chatId = Number(query.chatId);
  await peerInChat(db, chatId, userId);
  const now = nowIso();
  const [offers, deal] = await Promise.all([repo.offersOfChat(db, chatId), newestDealOfChat(db, chatId)]);
  return { offers: offers.map((row) => toOffer(row, now)), deal: deal ? toDeal(deal) : null };
}

/**
 * Writes down the offers left unanswered past their time and tells both sides. Reads show them
 * expired already; this keeps the rows (and the one-open-offer index) in step. Each process may
 * run it: an offer is expired by one of them only, which alone pushes its frame.
 */
/** How long before an offer expires the side it was made to is reminded. */
const REMIND_BEFORE_SECONDS = 2 * 3600;

/**
 * Reminds the side each open offer was made to, once, when it has two hours left (offer_expiring).
 * The reminder is taken by a conditional UPDATE, so of several processes one reminds.
 */
export async function remindExpiringOffers({ db, outbox }: Deps<"db" | "outbox">): Promise<number> {
  const now = nowIso();
  const due = await db.transaction().execute(async (tx) => {
    const rows = await repo.takeOffersToRemind(tx, now, isoAfterSeconds(REMIND_BEFORE_SECONDS, Date.parse(now)));
    await outbox.record(
      tx,
      rows.map((row) => offerNotice(row, "offer_expiring", recipientOf(row), row.fromUserId)),
    );
    return rows.length;
  });
  outbox.push();
  return due;
}

export async function expireOffers({ db, hub }: Deps<"db" | "hub">): Promise<number> {
  const now = nowIso();
  const expired = await repo.expireDueOffers(db, now);
  const deliveries = expired.flatMap((row) => offerDeliveries(row, now));
  await deliverAll(hub, deliveries);
  return expired.length;
}
