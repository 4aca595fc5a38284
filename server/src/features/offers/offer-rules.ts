import type { DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { requireNotBlocked } from "../blocks/index.js";
import { notOpenError, type OfferRow, toOffer } from "./offer-mapper.js";
import { findOffer } from "./offer-repository.js";

/** Who may do what with an offer, and the refusals that say why not. */

async function requireOffer(db: DbOrTx, offerId: number): Promise<OfferRow> {
  const row = await findOffer(db, offerId);
  if (!row) throw appError("OFFER_NOT_FOUND");
  return row;
}

function requireOpen(row: OfferRow, now: string): OfferRow {
  if (toOffer(row, now).status !== "open") throw notOpenError(row, now);
  return row;
}

/** An offer of the user's trades: 404 when there is none, 403 for anyone but its buyer and seller. */
async function requirePartyOffer(db: DbOrTx, userId: number, offerId: number): Promise<OfferRow> {
  const row = await requireOffer(db, offerId);
  if (userId !== row.buyerId && userId !== row.sellerId) throw appError("NOT_A_PARTY");
  return row;
}

/** An open offer made to the user, who may accept, decline or counter it. */
export async function requireOfferToAnswer(db: DbOrTx, userId: number, offerId: number, now: string) {
  const row = await requirePartyOffer(db, userId, offerId);
  if (row.fromUserId === userId) throw appError("OFFER_NOT_TO_YOU");
  return requireOpen(row, now);
}

/**
 * An open offer made to the user, who may accept or counter it. Between two users one of whom
 * blocked the other it is refused as making an offer is (1706 / 1707), before saying the offer is
 * no longer open: a block closes them.
 */
export async function requireOfferToTrade(db: DbOrTx, userId: number, offerId: number, now: string) {
  const row = await requirePartyOffer(db, userId, offerId);
  if (row.fromUserId === userId) throw appError("OFFER_NOT_TO_YOU");
  await requireNotBlocked(db, userId, row.fromUserId);
  return requireOpen(row, now);
}

/** An open offer the user made, which they may withdraw. */
export async function requireOfferMadeBy(db: DbOrTx, userId: number, offerId: number, now: string) {
  const row = await requirePartyOffer(db, userId, offerId);
  if (row.fromUserId !== userId) throw appError("OFFER_NOT_TO_YOU", "只能撤回自己发出的出价");
  return requireOpen(row, now);
}

/** Goods an amount may be offered for: on sale, and the amount not above their price. */
export function requireOfferable(
  goods: { status: string; visibility: string; priceCents: number },
  amountCents: number,
): void {
  if (goods.status !== "on_sale" || goods.visibility !== "public") throw appError("GOODS_NOT_AVAILABLE");
  if (amountCents > goods.priceCents) throw appError("OFFER_AMOUNT");
}

/** Why an offer that was open a moment ago could not be changed: what became of it since. */
export async function offerChangedError(db: DbOrTx, offerId: number, now: string) {
  const row = await findOffer(db, offerId);
  return row ? notOpenError(row, now) : appError("OFFER_NOT_FOUND");
}
