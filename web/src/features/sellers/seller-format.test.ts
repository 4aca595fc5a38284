import type { SellerProfile } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import { formatJoined, formatRate, formatReplyTime, sellerFigures } from "./seller-format";

describe("seller page formats", () => {
  it("words reply times as a person would", () => {
    expect(formatReplyTime(0)).toBe("1 分钟内");
    expect(formatReplyTime(12)).toBe("约 12 分钟");
    expect(formatReplyTime(150)).toBe("约 3 小时");
    expect(formatReplyTime(2 * 24 * 60 + 100)).toBe("约 2 天");
  });

  it("gives rates in whole percent and the month someone joined", () => {
    expect(formatRate(0.333)).toBe("33%");
    expect(formatRate(1)).toBe("100%");
    expect(formatJoined("2024-03-15T08:00:00.000Z")).toBe("2024年3月");
  });
});

describe("a seller's figures", () => {
  const profile: SellerProfile = {
    id: "1",
    username: "xiaowang",
    nickname: "小王",
    avatarUrl: null,
    bio: "",
    createdAt: "2024-03-15T08:00:00.000Z",
    city: null,
    onSaleCount: 3,
    soldCount: 5,
    responseRate: null,
    responseMinutes: null,
    ratingAverage: null,
    ratingCount: 0,
    completedSales: 5,
    protectedSales: 4,
    cancelRate: null,
    refundRate: null,
    disputeRate: null,
    followerCount: 2,
    followingCount: 1,
  };
  const labels = (figures: { label: string; value: string }[]) =>
    figures.map((figure) => `${figure.label} ${figure.value}`);

  it("shows the protected sales, and the cancel rate only once an order was paid to them", () => {
    expect(labels(sellerFigures(profile))).toEqual(["在售 3", "已售 5", "成交 5", "担保成交 4", "粉丝 2", "关注 1"]);
    expect(labels(sellerFigures({ ...profile, cancelRate: 0.2 }))).toContain("取消率 20%");
  });

  it("shows the refund and dispute rates beside the cancel rate once an order was paid to them", () => {
    const paid = labels(sellerFigures({ ...profile, cancelRate: 0, refundRate: 0.25, disputeRate: 0.1 }));
    expect(paid.slice(4, 7)).toEqual(["取消率 0%", "退款率 25%", "纠纷率 10%"]);
  });
});
