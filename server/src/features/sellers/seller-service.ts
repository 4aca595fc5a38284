import { type Goods, type Page, type SellerGoodsQuery, type SellerProfile, SellerStatsLimits } from "@xianzhi/contract";
import type { Db } from "../../db/database.js";
import { appError } from "../../errors.js";
import { isoAfterSeconds } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import { completedSalesOf } from "../deals/index.js";
import { followCounts } from "../follows/index.js";
import { pageOf, pageWindow } from "../goods/index.js";
import { protectedSalesOf } from "../orders/index.js";
import { refundCountsOf } from "../refunds/index.js";
import { ratingSummary } from "../reviews/index.js";
import { responseStats } from "./response-stats.js";
import * as repo from "./seller-repository.js";

const RESPONSE_WINDOW_SECONDS = SellerStatsLimits.responseWindowDays * 24 * 60 * 60;

async function requireProfile(db: Db, userId: number): Promise<repo.ProfileRow> {
  const row = await repo.findProfile(db, userId);
  if (!row) throw appError("USER_NOT_FOUND");
  return row;
}

export async function sellerProfile({ db }: Deps<"db">, userId: number): Promise<SellerProfile> {
  const [row, asked, follows, rating, completedSales, orders, refunds] = await Promise.all([
    requireProfile(db, userId),
    repo.askedChats(db, userId, isoAfterSeconds(-RESPONSE_WINDOW_SECONDS)),
    followCounts(db, userId),
    ratingSummary({ db }, userId),
    completedSalesOf(db, userId),
    protectedSalesOf(db, userId),
    refundCountsOf(db, userId),
  ]);
  return {
    id: String(row.id),
    username: row.username,
    nickname: row.nickname,
    avatarUrl: row.avatarUrl,
    bio: row.bio,
    createdAt: row.createdAt,
    city: row.city || null,
    onSaleCount: Number(row.onSaleCount ?? 0),
    soldCount: Number(row.soldCount ?? 0),
    ...responseStats(asked),
    ...rating,
    completedSales,
    protectedSales: orders.completed,
    cancelRate: shareOfPaid(orders.sellerCancelled, orders.paid),
    refundRate: shareOfPaid(refunds.refunded, orders.paid),
    disputeRate: shareOfPaid(refunds.disputed, orders.paid),
    ...follows,
  };
}

/** A share of the protected orders paid to the seller, to two decimals; null before any was paid. */
const shareOfPaid = (count: number, paid: number) => (paid === 0 ? null : Math.round((count / paid) * 100) / 100);

/** A page of one tab of the seller's goods, as the goods lists answer them; its total is the tab's count. */
export async function sellerGoods({ db }: Deps<"db">, userId: number, query: SellerGoodsQuery): Promise<Page<Goods>> {
  const listed = query.status === "on_sale" ? 1 : 0;
  const [profile, ids] = await Promise.all([
    requireProfile(db, userId),
    repo.sellerGoodsIds(db, userId, listed, pageWindow(query)),
  ]);
  const total = Number((listed ? profile.onSaleCount : profile.soldCount) ?? 0);
  return pageOf(db, ids, total, query);
}
