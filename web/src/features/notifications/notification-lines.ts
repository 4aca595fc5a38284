import type { Notification } from "@xianzhi/contract";
import { notificationAmount, notificationSentence, notificationTargetPath } from "@xianzhi/contract/constants";
import { formatTime } from "../../components/format";

export type { NotificationSentence } from "@xianzhi/contract/constants";
export { notificationSentence };

/** What the line says under the sentence: the new price or the offer's amount, and the excerpt. */
export function notificationDetail(notification: Pick<Notification, "kind" | "amountCents" | "excerpt">): string {
  return [notificationAmount(notification), notification.excerpt].filter(Boolean).join("，");
}

/** Where tapping the line leads (the contract's notificationTargetPath: a push opens the same). */
export function notificationTarget(
  notification: Pick<Notification, "kind" | "orderId" | "chatId" | "goods" | "searchCriteria">,
): string | null {
  return notificationTargetPath(notification);
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
