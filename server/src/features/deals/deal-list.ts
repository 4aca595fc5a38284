import type { DealSummary, DealsQuery, GoodsStatus, Page } from "@xianzhi/contract";
import { nowIso } from "../../lib/clock.js";
import { pageWindow } from "../../lib/paging.js";
import { coverThumbUrls } from "../pictures/index.js";
import { reviewDeadlineOf, reviewsOfDeals } from "../reviews/index.js";
import * as repo from "./deal-list-repository.js";

export { completedSalesOf } from "./deal-list-repository.js";

import type { Deps } from "../../services.js";
import { toDeal } from "./deal-mapper.js";

/**
 * The personal centre's 我买到的 / 我卖出的: the caller's deals on one side, newest first, each
 * with the goods, the other side, and the reviews as the caller may see them (their own always,
 * the other side's once shown to everyone).
 */
export async function dealsPage({ db }: Deps<"db">, userId: number, query: DealsQuery): Promise<Page<DealSummary>> {
  const [rows, total] = await Promise.all([
    repo.dealsOf(db, userId, query.role, pageWindow(query)),
    repo.countDealsOf(db, userId, query.role),
  ]);
  const goodsIds = rows.flatMap((row) => (row.goodsId === null ? [] : [row.goodsId]));
  const [covers, reviews] = await Promise.all([
    coverThumbUrls(db, goodsIds),
    reviewsOfDeals(
      { db },
      rows.map((row) => row.id),
    ),
  ]);
  const now = nowIso();
  const list = rows.map((row): DealSummary => {
    const ofDeal = reviews.filter((review) => review.dealId === String(row.id));
    const mine = ofDeal.find((review) => review.reviewer.id === String(userId));
    const peers = ofDeal.find((review) => review.reviewer.id !== String(userId));
    return {
      ...toDeal(row),
      goods: {
        id: String(row.goodsId ?? 0),
        title: row.currentTitle ?? row.goodsTitle,
        priceCents: row.currentPriceCents ?? row.priceCents,
        coverUrl: row.goodsId === null ? null : (covers.get(row.goodsId) ?? null),
        status: (row.goodsStatus ?? "sold") as GoodsStatus,
      },
      peer: {
        id: String(row.peerId),
        username: row.peerUsername,
        nickname: row.peerNickname,
        avatarUrl: row.peerAvatarUrl,
      },
      myReview: mine?.review ?? null,
      peerReviewed: peers !== undefined,
      peerReview: peers && peers.visibleFrom <= now ? peers.review : null,
      reviewDeadline: row.status === "completed" && row.completedAt ? reviewDeadlineOf(row.completedAt) : null,
    };
  });
  return { list, total, page: query.page, pageSize: query.pageSize };
}
