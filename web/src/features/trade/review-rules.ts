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
