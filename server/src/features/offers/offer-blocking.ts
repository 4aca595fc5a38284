import type { DbOrTx } from "../../db/database.js";
import type { Delivery } from "../../plugins/realtime.js";
import type { NotificationOutbox } from "../notifications/index.js";
import { offerDeliveries, offerNotice } from "./offer-frames.js";
import * as repo from "./offer-repository.js";

/**
 * What a block does to the trade between the two, in the block's transaction: every open offer
 * between them ends, either way and on anyone's goods, as if the blocker had answered it. Offers
 * the blocked user made are declined (its maker told `offer_declined`, as a decline by hand); offers
 * the blocker made, counter-offers included, are withdrawn; those already past their time are
 * written down as expired, as the sweep would. Answers the frames that show both sides each offer
 * as it now is. A deal already reserved between them stays: either side may still complete or
 * cancel it.
 */
export async function closeOffersOfBlock(
  tx: DbOrTx,
  outbox: NotificationOutbox,
  blockerId: number,
  blockedId: number,
  now: string,
): Promise<Delivery[]> {
  const expired = await repo.expireDueOffersBetween(tx, blockerId, blockedId, now);
  const declined = await repo.closeLiveOffersFromTo(tx, blockedId, blockerId, "declined", now);
  const withdrawn = await repo.closeLiveOffersFromTo(tx, blockerId, blockedId, "withdrawn", now);
  await outbox.record(
    tx,
    declined.map((row) => offerNotice(row, "offer_declined", blockedId, blockerId)),
  );
  return [...expired, ...declined, ...withdrawn]
    .sort((a, b) => a.id - b.id)
    .flatMap((row) => offerDeliveries(row, now));
}
