import type { Notification, NotificationKind } from "@xianzhi/contract";
import { NOTIFICATION_KINDS } from "@xianzhi/contract/constants";
import { paths } from "../../app/paths";
import { formatPrice, formatTime } from "../../components/format";
import { searchAddress } from "../goods";

/** Kinds the product itself tells, with nobody before the sentence ("你收藏的闲置降价了"). */
const TOLD_BY_THE_PRODUCT = new Set<NotificationKind>([
  "price_drop",
  "saved_search",
  "moderation_warning",
  "new_device",
]);

/** An order's news (and its refund's): told by its other side, or by the product when a timer moved it (no actor). */
const isOrderNews = (kind: NotificationKind) => kind.startsWith("order_") || kind === "refund_updated";

/** The platform's word, never a person's: a ruling names no moderator to either side. */
const TOLD_BY_THE_PLATFORM = new Set<NotificationKind>(["dispute_ruled"]);

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
export function notificationSentence(notification: Pick<Notification, "kind" | "actor">): NotificationSentence {
  const what = NOTIFICATION_KINDS[notification.kind];
  if (TOLD_BY_THE_PLATFORM.has(notification.kind)) return { who: null, what, text: what };
  const toldByTheProduct = TOLD_BY_THE_PRODUCT.has(notification.kind) || isOrderNews(notification.kind);
  const who = notification.actor?.nickname || (toldByTheProduct ? null : "有人");
  if (who === null) return { who, what, text: what };
  return { who, what, text: `${who}${what.startsWith("的") ? "" : " "}${what}` };
}

/** What the line says under the sentence: the new price or the offer's amount, and the excerpt. */
export function notificationDetail(notification: Pick<Notification, "kind" | "amountCents" | "excerpt">): string {
  const { amountCents, kind, excerpt } = notification;
  const amount =
    amountCents === null ? "" : kind === "price_drop" ? `现价 ${formatPrice(amountCents)}` : formatPrice(amountCents);
  return [amount, excerpt].filter(Boolean).join("，");
}

/**
 * Where tapping the line leads: the order an order's news are about, the search a saved search's
 * news are about (its keyword and filters), the chat it belongs to (an offer made in a chat), else
 * the goods it is about (a comment, a favourite, a price drop, the newest match of a saved search
 * since deleted); nowhere when the goods are gone. A sign-in from a new device leads to 登录设备,
 * where its session can be signed out.
 */
export function notificationTarget(
  notification: Pick<Notification, "kind" | "orderId" | "chatId" | "goods" | "searchCriteria">,
): string | null {
  if (notification.kind === "new_device") return `${paths.userinfo}?tab=security`;
  if (notification.orderId) return paths.order(notification.orderId);
  if (notification.searchCriteria) return searchAddress(notification.searchCriteria);
  if (notification.chatId) return `${paths.chat}?chatId=${encodeURIComponent(notification.chatId)}`;
  if (notification.goods) return paths.goodsInfo(notification.goods.id);
  return null;
}

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;

/** The heading of a day, in the reader's time zone: 今天, 昨天, 11月3日, or 2025年11月3日 for another year. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayKey(date) === dayKey(now)) return "今天";
  if (dayKey(date) === dayKey(yesterday)) return "昨天";
  const monthDay = `${date.getMonth() + 1}月${date.getDate()}日`;
  return date.getFullYear() === now.getFullYear() ? monthDay : `${date.getFullYear()}年${monthDay}`;
}

export interface DayGroup {
  label: string;
  notifications: Notification[];
}

/** Notifications (newest first) under the heading of their day, in the same order. */
export function groupByDay(notifications: Notification[], now: Date = new Date()): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const notification of notifications) {
    const label = dayLabel(notification.createdAt, now);
    const last = groups.at(-1);
    if (last?.label === label) last.notifications.push(notification);
    else groups.push({ label, notifications: [notification] });
  }
  return groups;
}

/** The time of a line under its day's heading: how long ago today (刚刚, 5 分钟前), the clock before. */
export function lineTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (dayKey(date) === dayKey(now)) return formatTime(iso, now.getTime());
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}
