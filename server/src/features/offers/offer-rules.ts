import { isTakenBy, mayTake, OFFER_PROCESS, type OfferActor, type OfferTransition } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { appError } from "../../errors.js";
import { requireNotBlocked } from "../block-checks/index.js";
import { notOpenError, type OfferRow, toOffer } from "./offer-mapper.js";
import { findOffer } from "./offer-repository.js";

/** Who may do what with an offer, and the refusals that say why not. */

async function requireOffer(db: DbOrTx, offerId: number): Promise<OfferRow> {
  const row = await findOffer(db, offerId);
  if (!row) throw appError("OFFER_NOT_FOUND");
  return row;
}

/** An offer of the user's trades: 404 when there is none, 403 for anyone but its buyer and seller. */
async function requirePartyOffer(db: DbOrTx, userId: number, offerId: number): Promise<OfferRow> {
  const row = await requireOffer(db, offerId);
  if (userId !== row.buyerId && userId !== row.sellerId) throw appError("NOT_A_PARTY");
  return row;
}

/** An offer's side the user is on: who made it, or who it was made to. */
const actorOf = (row: OfferRow, userId: number): OfferActor => (row.fromUserId === userId ? "maker" : "recipient");

/** Transitions that start trading with the offer's maker (a deal, or a new price to them). */
const TRADES: ReadonlySet<OfferTransition> = new Set(["accept", "counter"]);

/**
 * An offer the user may take `transition` of, as the offer process says (values/processes.ts):
 * 404 when there is none, 403 for anyone but its buyer and seller, 1505 when it is not theirs to
 * take (an answer to their own offer, a withdrawal of the other side's), 1504 when the offer is no
 * longer open. To accept or counter, between two users one of whom blocked the other, it is refused
 * as making an offer is (1706 / 1707), before saying the offer is no longer open: a block closes them.
 */
export async function requireOfferTransition(
  db: DbOrTx,
  userId: number,
  offerId: number,
  transition: OfferTransition,
  now: string,
): Promise<OfferRow> {
  const row = await requirePartyOffer(db, userId, offerId);
  const actor = actorOf(row, userId);
  if (!isTakenBy(OFFER_PROCESS, transition, actor)) {
    throw appError("OFFER_NOT_TO_YOU", actor === "recipient" ? "只能撤回自己发出的出价" : undefined);
  }
  if (TRADES.has(transition)) await requireNotBlocked(db, userId, row.fromUserId);
  if (!mayTake(OFFER_PROCESS, transition, toOffer(row, now).status, actor)) throw notOpenError(row, now);
  return row;
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
