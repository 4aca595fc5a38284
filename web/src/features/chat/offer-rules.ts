import type { ChatTrade, Offer } from "@xianzhi/contract";
import {
  type GoodsStatus,
  nextActions,
  OFFER_PROCESS,
  type OfferStatus,
  type OfferTransition,
} from "@xianzhi/contract/constants";
import { formatPrice } from "../../components/format";

/** What the person looking at an offer card may do with it: an offer's transitions but the timer's. */
export type OfferAction = Exclude<OfferTransition, "expire">;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The offer's status as of `now`: an open offer past its expiry is expired before the server says so. */
export function offerStatusAt(offer: Pick<Offer, "status" | "expiresAt">, now: number): OfferStatus {
  return offer.status === "open" && Date.parse(offer.expiresAt) <= now ? "expired" : offer.status;
}

/**
 * The buttons of an offer, as the offer process allows (@xianzhi/contract's OFFER_PROCESS): while
 * it is open, the side it was made to may accept, decline or counter it, its maker may withdraw it.
 * A decided offer, or one for someone outside the deal, has none.
 */
export function offerActions(
  offer: Pick<Offer, "status" | "expiresAt" | "fromUserId" | "buyerId" | "sellerId">,
  myId: string,
  now: number,
): OfferAction[] {
  if (myId !== offer.buyerId && myId !== offer.sellerId) return [];
  const actor = offer.fromUserId === myId ? "maker" : "recipient";
  // A party's actions: never `expire`, which only the timer takes.
  return nextActions(OFFER_PROCESS, offerStatusAt(offer, now), actor) as OfferAction[];
}

/** "还剩 23 小时", "还剩 5 分钟", "即将过期": how long an open offer waits for its answer. */
export function offerTimeLeft(expiresAt: string, now: number): string {
  const left = Date.parse(expiresAt) - now;
  if (left >= HOUR) return `还剩 ${Math.floor(left / HOUR)} 小时`;
  if (left >= MINUTE) return `还剩 ${Math.floor(left / MINUTE)} 分钟`;
  return "即将过期";
}

/** Fen as yuan typed in a box: 188800 -> "1888", 4550 -> "45.5". */
export function yuanText(cents: number): string {
  const yuan = Math.trunc(cents / 100);
  const fen = cents % 100;
  if (fen === 0) return String(yuan);
  return `${yuan}.${String(fen).padStart(2, "0").replace(/0$/, "")}`;
}

/**
 * An amount typed in yuan ("1700", "99.5", "¥ 1,700.00") as fen, or why it cannot be offered for
 * goods priced `priceCents`: the server takes whole fen above 0 and up to the price.
 */
export function parseOfferAmount(text: string, priceCents: number): { cents: number } | { error: string } {
  const typed = text.replace(/[¥￥,，\s]/g, "");
  if (typed === "") return { error: "请输入出价金额" };
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(typed);
  if (!match) return { error: "请输入正确的金额，如 1700 或 99.5，最多两位小数" };
  const [, yuan = "0", fen = ""] = match;
  const cents = Number(yuan) * 100 + Number(fen.padEnd(2, "0"));
  if (cents <= 0) return { error: "出价要大于 0 元" };
  if (cents > priceCents) return { error: `出价不能高于售价 ${formatPrice(priceCents)}` };
  return { cents };
}

/**
 * Whether the chat's input area offers 出价: to the buyer (not the goods' seller) while the goods
 * are on sale, no deal holds them and no offer in the chat waits for an answer (that one is
 * answered on its card).
 */
export function canOfferInChat(
  trade: ChatTrade | undefined,
  goods: { status: GoodsStatus; sellerId: string } | undefined,
  myId: string,
  now: number,
): boolean {
  if (!trade || !goods || goods.status !== "on_sale" || goods.sellerId === myId) return false;
  if (trade.deal?.status === "reserved") return false;
  return !trade.offers.some((offer) => offerStatusAt(offer, now) === "open");
}
