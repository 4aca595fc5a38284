import type { Deal, DealSummary, Review } from "@xianzhi/contract";
import { TradeLimits } from "@xianzhi/contract/constants";
import { describe, expect, it } from "vitest";
import { canReview, hiddenReviewNote, hiddenUntil, monthDay, revealRule } from "./review-rules";

const NOW = Date.parse("2026-05-20T12:00:00.000Z");
const DAY = 24 * 3_600_000;
const ago = (days: number) => new Date(NOW - days * DAY).toISOString();

const deal = (fields: Partial<Deal> = {}) =>
  ({ status: "completed", completedAt: ago(1), ...fields }) as Pick<Deal, "status" | "completedAt">;
const summary = (fields: Partial<DealSummary> = {}) =>
  ({ myReview: null, reviewDeadline: new Date(NOW + DAY).toISOString(), ...fields }) as DealSummary;

describe("whether a deal may still be reviewed", () => {
  it("opens when the deal is completed and closes 14 days later", () => {
    expect(canReview(deal(), undefined, NOW)).toBe(true);
    expect(canReview(deal({ completedAt: ago(13.9) }), undefined, NOW)).toBe(true);
    expect(canReview(deal({ completedAt: ago(14) }), undefined, NOW)).toBe(false);
    expect(canReview(deal({ status: "reserved", completedAt: null }), undefined, NOW)).toBe(false);
    expect(canReview(deal({ status: "cancelled", completedAt: null }), undefined, NOW)).toBe(false);
  });

  it("follows the deal list's deadline, and a review written closes it", () => {
    expect(canReview(deal(), summary(), NOW)).toBe(true);
    expect(canReview(deal(), summary({ reviewDeadline: ago(0.1) }), NOW)).toBe(false);
    expect(canReview(deal(), summary({ reviewDeadline: null }), NOW)).toBe(false);
    expect(canReview(deal(), summary({ myReview: { rating: 5 } as Review }), NOW)).toBe(false);
  });
});

describe("what the reviewer is told of the double-blind rule", () => {
  const mine = { rating: 4 } as Review;

  it("says the days of the review window from the contract, and its end when known", () => {
    expect(revealRule(null)).toContain(`交易完成 ${TradeLimits.reviewDays} 天后公开`);
    const end = new Date(2026, 11, 8, 15).getTime();
    expect(revealRule(end)).toContain(`交易完成 ${TradeLimits.reviewDays} 天后（12月8日）公开`);
    expect(monthDay(end)).toBe("12月8日");
    expect(hiddenReviewNote(end)).toBe("对方评价后或 12月8日公开");
  });

  it("keeps my review hidden until the peer reviews or the window closes", () => {
    const deadline = new Date(NOW + DAY).toISOString();
    expect(hiddenUntil(summary({ myReview: mine, peerReview: null, reviewDeadline: deadline }), NOW)).toBe(
      Date.parse(deadline),
    );
    expect(hiddenUntil(summary({ myReview: mine, peerReview: { rating: 5 } as Review }), NOW)).toBeNull();
    expect(hiddenUntil(summary({ myReview: mine, peerReview: null, reviewDeadline: ago(0.1) }), NOW)).toBeNull();
    expect(hiddenUntil(summary({ myReview: null, peerReview: null }), NOW)).toBeNull();
    expect(hiddenUntil(undefined, NOW)).toBeNull();
  });
});
