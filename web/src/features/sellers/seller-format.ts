import type { SellerProfile } from "@xianzhi/contract";
import { SELLER_GOODS_TABS } from "@xianzhi/contract/constants";

const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;

/** "2024年3月": when someone joined, to the month. */
export function formatJoined(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}年${date.getMonth() + 1}月`;
}

/** "96%" from a share between 0 and 1. */
export function formatRate(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** "1 分钟内", "约 12 分钟", "约 3 小时", "约 2 天": how long a reply usually takes. */
export function formatReplyTime(minutes: number): string {
  if (minutes < 1) return "1 分钟内";
  if (minutes < HOUR_MINUTES) return `约 ${minutes} 分钟`;
  if (minutes < DAY_MINUTES) return `约 ${Math.round(minutes / HOUR_MINUTES)} 小时`;
  return `约 ${Math.round(minutes / DAY_MINUTES)} 天`;
}

/**
 * The figures a seller's page shows, in order: what they sell, how they trade (担保成交 and the
 * shares of paid protected orders they cancelled, refunded after sale and saw go to the platform,
 * once any was paid), who follows them, how they reply.
 */
export function sellerFigures(profile: SellerProfile): { label: string; value: string }[] {
  return [
    { label: SELLER_GOODS_TABS.on_sale, value: String(profile.onSaleCount) },
    { label: SELLER_GOODS_TABS.sold, value: String(profile.soldCount) },
    { label: "成交", value: String(profile.completedSales) },
    { label: "担保成交", value: String(profile.protectedSales) },
    ...(profile.cancelRate === null ? [] : [{ label: "取消率", value: formatRate(profile.cancelRate) }]),
    ...(profile.refundRate === null ? [] : [{ label: "退款率", value: formatRate(profile.refundRate) }]),
    ...(profile.disputeRate === null ? [] : [{ label: "纠纷率", value: formatRate(profile.disputeRate) }]),
    { label: "粉丝", value: String(profile.followerCount) },
    { label: "关注", value: String(profile.followingCount) },
    ...(profile.responseRate === null ? [] : [{ label: "回复率", value: formatRate(profile.responseRate) }]),
    ...(profile.responseMinutes === null
      ? []
      : [{ label: "回复时间", value: formatReplyTime(profile.responseMinutes) }]),
  ];
}
