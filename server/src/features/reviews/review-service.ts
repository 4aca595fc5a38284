import { type CreateReviewBody, type Page, type PageQuery, type Review, TradeLimits } from "@xianzhi/contract";
import { appError } from "../../errors.js";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import { pageWindow } from "../../lib/paging.js";
import type { Deps } from "../../services.js";
import { findOpenUserById } from "../accounts/index.js";
import { toReview } from "./review-mapper.js";
import * as repo from "./review-repository.js";

const REVIEW_WINDOW_SECONDS = TradeLimits.reviewDays * 24 * 60 * 60;

/** Until when the two sides of a deal completed then may review each other. */
export function reviewDeadlineOf(completedAt: string): string {
  return isoAfterSeconds(REVIEW_WINDOW_SECONDS, Date.parse(completedAt));
}

/**
 * One side of a completed deal reviews the other, once, within the window. The review stays hidden
 * until the other side has written theirs (both show from then) or the window has closed, so
 * neither answers the other's review.
 */
export async function createReview(
  { db, outbox }: Deps<"db" | "outbox">,
  reviewerId: number,
  body: CreateReviewBody,
): Promise<Review> {
  const dealId = Number(body.dealId);
  const id = await db.transaction().execute(async (tx) => {
    const deal = await repo.lockedDeal(tx, dealId);
    if (!deal) throw appError("DEAL_NOT_FOUND");
    if (reviewerId !== deal.buyerId && reviewerId !== deal.sellerId) throw appError("NOT_A_PARTY");
    const now = nowIso();
    if (deal.status !== "completed" || !deal.completedAt || now > reviewDeadlineOf(deal.completedAt)) {
      throw appError("REVIEW_NOT_ALLOWED");
    }
    const asBuyer = reviewerId === deal.buyerId;
    const revieweeId = asBuyer ? deal.sellerId : deal.buyerId;
    const reviewId = await repo.insertReview(tx, {
      dealId,
      reviewerId,
      revieweeId,
      revieweeRole: asBuyer ? "seller" : "buyer",
      rating: body.rating,
      content: body.content,
      createdAt: now,
      visibleFrom: reviewDeadlineOf(deal.completedAt),
    });
    if (reviewId === undefined) throw appError("REVIEW_EXISTS");
    if ((await repo.countReviewsOfDeal(tx, dealId)) === 2) await repo.revealReviews(tx, dealId, now);
    await outbox.record(tx, [
      { userId: revieweeId, kind: "review_received", actorId: reviewerId, goodsId: deal.goodsId, dealId },
    ]);
    return reviewId;
  });
  outbox.push();
  return toReview(await repo.reviewById(db, id));
}

/** The reviews about a user that are shown, newest first: their seller page's 评价. */
export async function userReviews({ db }: Deps<"db">, userId: number, query: PageQuery): Promise<Page<Review>> {
  if (!(await findOpenUserById(db, userId))) throw appError("USER_NOT_FOUND");
  const now = nowIso();
  const [rows, rating] = await Promise.all([
    repo.visibleReviewsOf(db, userId, now, pageWindow(query)),
    repo.ratingOf(db, userId, now),
  ]);
  return { list: rows.map(toReview), total: rating.count, page: query.page, pageSize: query.pageSize };
}

/** The average of the reviews shown about the user (one decimal; null without any), and how many. */
export async function ratingSummary({ db }: Deps<"db">, userId: number) {
  const { count, average } = await repo.ratingOf(db, userId, nowIso());
  return { ratingAverage: average === null ? null : Math.round(average * 10) / 10, ratingCount: count };
}

/** Every review of these deals with when it shows: the deals list tells each side what it may see. */
export async function reviewsOfDeals({ db }: Deps<"db">, dealIds: number[]) {
  const rows = await repo.reviewsOfDeals(db, dealIds);
  return rows.map((row) => ({
    dealId: String(row.dealId),
    visibleFrom: row.visibleFrom,
    reviewer: { id: String(row.reviewerId) },
    review: toReview(row),
  }));
}
