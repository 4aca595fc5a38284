import type { Insertable, Updateable } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import type { OffersTable } from "../../db/schema.js";
import type { OfferRow } from "./offer-mapper.js";

export function findOffer(db: DbOrTx, id: number): Promise<OfferRow | undefined> {
  return db.selectFrom("offers").selectAll().where("id", "=", id).executeTakeFirst();
}

export function insertOffer(db: DbOrTx, offer: Insertable<OffersTable>): Promise<OfferRow> {
  return db.insertInto("offers").values(offer).returningAll().executeTakeFirstOrThrow();
}

/**
 * Closes an offer that is still open and, when `liveAt` is given, not expired by then; answers it
 * when it changed. Of two answers to one offer at the same moment only one finds it open.
 */
export function closeOpenOffer(
  db: DbOrTx,
  id: number,
  changes: Updateable<OffersTable>,
  liveAt?: string,
): Promise<OfferRow | undefined> {
  let query = db.updateTable("offers").set(changes).where("id", "=", id).where("status", "=", "open");
  if (liveAt !== undefined) query = query.where("expiresAt", ">", liveAt);
  return query.returningAll().executeTakeFirst();
}

/** The open offer between a buyer and the seller about goods (theirs or the seller's counter), if any. */
export function openOfferOfBuyer(db: DbOrTx, goodsId: number, buyerId: number): Promise<OfferRow | undefined> {
  return db
    .selectFrom("offers")
    .selectAll()
    .where("goodsId", "=", goodsId)
    .where("buyerId", "=", buyerId)
    .where("status", "=", "open")
    .executeTakeFirst();
}

/**
 * Declines the goods' open offers that have not expired (those are left to the sweep, which marks
 * them expired); answers them.
 */
export function declineLiveOffersOfGoods(db: DbOrTx, goodsId: number, now: string): Promise<OfferRow[]> {
  return db
    .updateTable("offers")
    .set({ status: "declined", decidedAt: now })
    .where("goodsId", "=", goodsId)
    .where("status", "=", "open")
    .where("expiresAt", ">", now)
    .returningAll()
    .execute();
}

/** Every offer made in a chat, oldest first. */
export function offersOfChat(db: DbOrTx, chatId: number): Promise<OfferRow[]> {
  return db.selectFrom("offers").selectAll().where("chatId", "=", chatId).orderBy("id").execute();
}

/** Writes down the offers left open past their time as expired, decided when they expired; answers them. */
export function expireDueOffers(db: DbOrTx, now: string): Promise<OfferRow[]> {
  return db
    .updateTable("offers")
    .set((eb) => ({ status: "expired", decidedAt: eb.ref("expiresAt") }))
    .where("status", "=", "open")
    .where("expiresAt", "<=", now)
    .returningAll()
    .execute();
}

/** Marks open offers expiring between now and `before` as reminded; answers those not reminded yet. */
export function takeOffersToRemind(db: DbOrTx, now: string, before: string): Promise<OfferRow[]> {
  return db
    .updateTable("offers")
    .set({ remindedAt: now })
    .where("status", "=", "open")
    .where("remindedAt", "is", null)
    .where("expiresAt", ">", now)
    .where("expiresAt", "<=", before)
    .returningAll()
    .execute();
}

/**
 * Closes the open offers `fromUserId` made to `toUserId` (as buyer or as seller, on any goods) that
 * have not expired, as `status`; answers them. Locks each on PostgreSQL, so an answer to one of
 * them at the same moment comes before or after, never beside.
 */
export function closeLiveOffersFromTo(
  db: DbOrTx,
  fromUserId: number,
  toUserId: number,
  status: "declined" | "withdrawn",
  now: string,
): Promise<OfferRow[]> {
  return db
    .updateTable("offers")
    .set({ status, decidedAt: now })
    .where("status", "=", "open")
    .where("expiresAt", ">", now)
    .where("fromUserId", "=", fromUserId)
    .where((eb) =>
      eb.or([
        eb.and([eb("buyerId", "=", fromUserId), eb("sellerId", "=", toUserId)]),
        eb.and([eb("sellerId", "=", fromUserId), eb("buyerId", "=", toUserId)]),
      ]),
    )
    .returningAll()
    .execute();
}

/** Writes down the open offers between two users left past their time as expired, as the sweep does; answers them. */
export function expireDueOffersBetween(db: DbOrTx, userId: number, otherId: number, now: string): Promise<OfferRow[]> {
  return db
    .updateTable("offers")
    .set((eb) => ({ status: "expired", decidedAt: eb.ref("expiresAt") }))
    .where("status", "=", "open")
    .where("expiresAt", "<=", now)
    .where((eb) =>
      eb.or([
        eb.and([eb("buyerId", "=", userId), eb("sellerId", "=", otherId)]),
        eb.and([eb("buyerId", "=", otherId), eb("sellerId", "=", userId)]),
      ]),
    )
    .returningAll()
    .execute();
}
