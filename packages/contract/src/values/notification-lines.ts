/**
 * What a notification says and where it leads, the same in the notification centre (web) and in a
 * Web Push (server): the sentence of its line and the app's address tapping it opens.
 */
import { formatPrice } from "./money.js";
import { NOTIFICATION_KINDS } from "./notifications.js";

type Kind = keyof typeof NOTIFICATION_KINDS;

/** Kinds the product itself tells, with nobody before the sentence ("你收藏的闲置降价了"). */
const TOLD_BY_THE_PRODUCT = new Set<Kind>(["price_drop", "saved_search", "moderation_warning", "new_device"]);

/** An order's news (and its refund's): told by its other side, or by the product when a timer moved it (no actor). */
const isOrderNews = (kind: Kind) => kind.startsWith("order_") || kind === "refund_updated";

/** The platform's word, never a person's: a ruling names no moderator to either side. */
const TOLD_BY_THE_PLATFORM = new Set<Kind>(["dispute_ruled"]);

/** Who did it (bold in the line) and what they did; `text` is the two as one sentence. */
export interface NotificationSentence {
  who: string | null;
  what: string;
  text: string;
}

/**
 * The line's sentence: the actor's name, then the kind's words ("小王 评论了你的闲置"). A sentence
 * that goes on from the name ("的出价即将过期") follows it without a space; one whose actor is gone
 * speaks of 有人.
 */
export function notificationSentence(notification: {
  kind: Kind;
  actor: { nickname: string } | null;
}): NotificationSentence {
  const what = NOTIFICATION_KINDS[notification.kind];
  if (TOLD_BY_THE_PLATFORM.has(notification.kind)) return { who: null, what, text: what };
  const toldByTheProduct = TOLD_BY_THE_PRODUCT.has(notification.kind) || isOrderNews(notification.kind);
  const who = notification.actor?.nickname || (toldByTheProduct ? null : "有人");
  if (who === null) return { who, what, text: what };
  return { who, what, text: `${who}${what.startsWith("的") ? "" : " "}${what}` };
}

/** The amount a line shows: the new price of a price drop (现价 ¥80), an offer's amount, or none. */
export function notificationAmount(notification: { kind: Kind; amountCents: number | null }): string {
  const { amountCents, kind } = notification;
  if (amountCents === null) return "";
  return kind === "price_drop" ? `现价 ${formatPrice(amountCents)}` : formatPrice(amountCents);
}

/** A saved search's keyword and filters (prices in fen). */
export interface SearchAddressCriteria {
  keyword: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  condition?: string[];
  city?: string;
}

/** The search page's address running these criteria (prices in yuan, as the page keeps them). */
export function searchResultsPath(criteria: SearchAddressCriteria): string {
  const params = new URLSearchParams({ keyword: criteria.keyword });
  if (criteria.category) params.set("category", criteria.category);
  if (criteria.minPrice !== undefined) params.set("minPrice", String(criteria.minPrice / 100));
  if (criteria.maxPrice !== undefined) params.set("maxPrice", String(criteria.maxPrice / 100));
  if (criteria.condition?.length) params.set("condition", criteria.condition.join(","));
  if (criteria.city) params.set("city", criteria.city);
  return `/search_result?${params}`;
}

/**
 * Where tapping the line leads: the order an order's news are about, the search a saved search's
 * news are about (its keyword and filters), the chat it belongs to (an offer made in a chat), else
 * the goods it is about (a comment, a favourite, a price drop, the newest match of a saved search
 * since deleted); nowhere when the goods are gone. A sign-in from a new device leads to 登录设备,
 * where its session can be signed out.
 */
export function notificationTargetPath(notification: {
  kind: Kind;
  orderId: string | null;
  chatId: string | null;
  goods: { id: string | number } | null;
  searchCriteria: SearchAddressCriteria | null;
}): string | null {
  if (notification.kind === "new_device") return "/userinfo?tab=security";
  if (notification.orderId) return `/orders/${notification.orderId}`;
  if (notification.searchCriteria) return searchResultsPath(notification.searchCriteria);
  if (notification.chatId) return `/chat?chatId=${encodeURIComponent(notification.chatId)}`;
  if (notification.goods) return `/goodsinfo/${notification.goods.id}`;
  return null;
}
