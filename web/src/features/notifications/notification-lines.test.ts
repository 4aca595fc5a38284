import type { Notification } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import {
  dayLabel,
  groupByDay,
  lineTime,
  notificationDetail,
  notificationSentence,
  notificationTarget,
} from "./notification-lines";

const wang = { id: "7", username: "xiaowang", nickname: "小王", avatarUrl: null };
const camera = { id: "42", title: "九成新相机", coverUrl: null };

function notification(fields: Partial<Notification> = {}): Notification {
  return {
    id: "1",
    kind: "comment",
    actor: wang,
    goods: camera,
    chatId: null,
    dealId: null,
    orderId: null,
    savedSearchId: null,
    searchCriteria: null,
    amountCents: null,
    excerpt: "",
    createdAt: "2026-11-23T10:00:00.000Z",
    read: false,
    ...fields,
  };
}

/** A moment in the reader's own time zone, as the screen reads it. */
const local = (day: number, hours: number, minutes = 0, month = 10, year = 2026) =>
  new Date(year, month, day, hours, minutes);

describe("a notification's sentence", () => {
  it("puts the actor's name before the kind's words", () => {
    expect(notificationSentence(notification())).toEqual({
      who: "小王",
      what: "评论了你的闲置",
      text: "小王 评论了你的闲置",
    });
    expect(notificationSentence(notification({ kind: "offer_expiring" })).text).toBe("小王的出价即将过期");
  });

  it("names the other side of an order, and nobody when a timer moved it", () => {
    expect(notificationSentence(notification({ kind: "order_paid" })).text).toBe("小王 已付款，请在 72 小时内发货");
    expect(notificationSentence(notification({ kind: "order_closed", actor: null })).text).toBe("订单已关闭");
    expect(notificationSentence(notification({ kind: "refund_requested" })).text).toBe("小王 申请了退款");
    expect(notificationSentence(notification({ kind: "refund_updated", actor: null })).text).toBe("退款有新进展");
    // A ruling is the platform's: no moderator is named, nor 有人.
    expect(notificationSentence(notification({ kind: "dispute_ruled" })).text).toBe("平台已对退款纠纷作出处理");
    expect(notificationSentence(notification({ kind: "dispute_ruled", actor: null })).who).toBeNull();
  });

  it("has nobody before what the product tells, and 有人 where the actor is gone", () => {
    expect(notificationSentence(notification({ kind: "price_drop", actor: null }))).toEqual({
      who: null,
      what: "你收藏的闲置降价了",
      text: "你收藏的闲置降价了",
    });
    expect(notificationSentence(notification({ kind: "reply", actor: null })).text).toBe("有人 回复了你的评论");
  });

  it("says the new price of a price drop, an offer's amount and the excerpt", () => {
    expect(notificationDetail(notification({ kind: "price_drop", amountCents: 8000 }))).toBe("现价 ¥80");
    expect(notificationDetail(notification({ kind: "offer_received", amountCents: 150_050 }))).toBe("¥1,500.50");
    expect(notificationDetail(notification({ excerpt: "还能便宜吗？" }))).toBe("还能便宜吗？");
    expect(notificationDetail(notification())).toBe("");
  });
});

describe("what a notification opens", () => {
  it("opens the goods it is about: a comment, a favourite, a price drop", () => {
    expect(notificationTarget(notification())).toBe("/goodsinfo/42");
    expect(notificationTarget(notification({ kind: "price_drop", actor: null }))).toBe("/goodsinfo/42");
  });

  it("opens its chat where it has one, before the goods", () => {
    expect(notificationTarget(notification({ kind: "offer_received", chatId: "9" }))).toBe("/chat?chatId=9");
  });

  it("opens the order an order's news are about, before its chat and goods", () => {
    const news = notification({ kind: "order_shipped", chatId: "9", dealId: "4", orderId: "17" });
    expect(notificationTarget(news)).toBe("/orders/17");
    expect(notificationTarget({ ...news, orderId: null })).toBe("/chat?chatId=9");
  });

  it("opens the order a refund's news are about, whichever of its kinds", () => {
    for (const kind of ["refund_requested", "refund_updated", "dispute_ruled"] as const) {
      expect(notificationTarget(notification({ kind, chatId: "9", orderId: "17" }))).toBe("/orders/17");
    }
  });

  it("opens the search of a saved search with its keyword and filters; its newest match once it is deleted", () => {
    const news = { kind: "saved_search" as const, actor: null, savedSearchId: "5" };
    const searchCriteria = { keyword: "胶片 相机", maxPrice: 30000, condition: ["good" as const], city: "上海" };
    expect(notificationTarget(notification({ ...news, searchCriteria }))).toBe(
      "/search_result?keyword=%E8%83%B6%E7%89%87+%E7%9B%B8%E6%9C%BA&maxPrice=300&condition=good&city=%E4%B8%8A%E6%B5%B7",
    );
    expect(notificationTarget(notification(news))).toBe("/goodsinfo/42");
  });

  it("opens nothing when the goods are gone", () => {
    expect(notificationTarget(notification({ goods: null }))).toBeNull();
    // A sign-in from a new device: told by the product, leading to 账号安全, where 登录设备 signs it out.
    expect(notificationSentence({ kind: "new_device", actor: null }).text).toBe("你的账号在新设备上登录");
    expect(notificationTarget(notification({ kind: "new_device", actor: null, goods: null }))).toBe(
      "/userinfo?tab=security",
    );
  });
});

describe("notifications by day", () => {
  const now = local(23, 9, 30);

  it("names today, yesterday, a day of this year and a day of another", () => {
    expect(dayLabel(local(23, 0, 5).toISOString(), now)).toBe("今天");
    expect(dayLabel(local(22, 23, 59).toISOString(), now)).toBe("昨天");
    expect(dayLabel(local(3, 12).toISOString(), now)).toBe("11月3日");
    expect(dayLabel(local(30, 12, 0, 11, 2025).toISOString(), now)).toBe("2025年12月30日");
    // Yesterday across the turn of a month and a year.
    expect(dayLabel(local(31, 20, 0, 11, 2025).toISOString(), local(1, 8, 0, 0, 2026))).toBe("昨天");
  });

  it("keeps the newest-first order and puts each under its day", () => {
    const list = [
      notification({ id: "4", createdAt: local(23, 9).toISOString() }),
      notification({ id: "3", createdAt: local(23, 0, 1).toISOString() }),
      notification({ id: "2", createdAt: local(22, 18).toISOString() }),
      notification({ id: "1", createdAt: local(20, 18).toISOString() }),
    ];
    expect(groupByDay(list, now).map((day) => [day.label, day.notifications.map((item) => item.id)])).toEqual([
      ["今天", ["4", "3"]],
      ["昨天", ["2"]],
      ["11月20日", ["1"]],
    ]);
    expect(groupByDay([], now)).toEqual([]);
  });

  it("tells today's times as how long ago, an earlier day's by the clock", () => {
    expect(lineTime(local(23, 9, 25).toISOString(), now)).toBe("5 分钟前");
    expect(lineTime(local(22, 8, 5).toISOString(), now)).toBe("08:05");
  });
});
