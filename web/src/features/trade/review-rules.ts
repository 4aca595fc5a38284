import type { Deal, DealSummary } from "@xianzhi/contract";
import { TradeLimits } from "@xianzhi/contract/constants";

const DAY = 24 * 3_600_000;

/**
 * Until when the caller may review a deal: the server's deadline when the deal list gave one, else
 * (a deal seen in a chat) the review window counted from its completion; null when not completed.
 */
export function reviewDeadline(deal: Pick<Deal, "status" | "completedAt">, summary?: DealSummary): number | null {
  if (summary) return summary.reviewDeadline === null ? null : Date.parse(summary.reviewDeadline);
  if (deal.status !== "completed" || deal.completedAt === null) return null;
  return Date.parse(deal.completedAt) + TradeLimits.reviewDays * DAY;
}

/** Whether the caller may still write their review of a deal. */
export function canReview(deal: Pick<Deal, "status" | "completedAt">, summary: DealSummary | undefined, now: number) {
  if (summary?.myReview) return false;
  const deadline = reviewDeadline(deal, summary);
  return deal.status === "completed" && deadline !== null && now < deadline;
}

/** A day of the year as the reveal notes say it: 12月8日 (local time, no Intl: see format.ts). */
export function monthDay(time: number): string {
  const date = new Date(time);
  return `${date.getMonth() + 1}月${date.getDate()}日`;
}

/**
 * The server's double-blind rule in words, for the review sheet: a review shows once the other side
 * has written theirs, or once the review window (TradeLimits.reviewDays from the deal's completion)
 * has closed; the date of that when known.
 */
export function revealRule(deadline: number | null): string {
  const date = deadline === null ? "" : `（${monthDay(deadline)}）`;
  return `评价将在对方也评价后、或交易完成 ${TradeLimits.reviewDays} 天后${date}公开，在此之前双方都看不到对方的评价`;
}

/**
 * Until when the caller's review stays hidden from everyone else: the review window's end while the
 * peer has not reviewed (their review would show beside it); null when there is nothing hidden.
 */
export function hiddenUntil(summary: DealSummary | undefined, now: number): number | null {
  if (!summary?.myReview || summary.peerReview || summary.reviewDeadline === null) return null;
  const deadline = Date.parse(summary.reviewDeadline);
  return now < deadline ? deadline : null;
}

/** What the caller sees of their own review while it is hidden: 已评价 · 对方评价后或 12月8日公开. */
export const hiddenReviewNote = (until: number) => `对方评价后或 ${monthDay(until)}公开`;
