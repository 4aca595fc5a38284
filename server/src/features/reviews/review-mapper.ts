import type { DealRole, Review } from "@xianzhi/contract";
import type { ReviewRow } from "./review-repository.js";

export function toReview(row: ReviewRow): Review {
  return {
    id: String(row.id),
    dealId: String(row.dealId),
    reviewer: {
      id: String(row.reviewerId),
      username: row.reviewerUsername,
      nickname: row.reviewerNickname,
      avatarUrl: row.reviewerAvatarUrl,
    },
    revieweeId: String(row.revieweeId),
    revieweeRole: row.revieweeRole as DealRole,
    rating: row.rating,
    content: row.content,
    createdAt: row.createdAt,
    goodsTitle: row.goodsTitle ?? row.dealGoodsTitle,
  };
}
