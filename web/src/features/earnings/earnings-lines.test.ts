import type { EarningsOrder } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import { orderFigureLines, paidDay, totalLines, waitsForPayoutAccount } from "./earnings-lines";

const order = (fields: Partial<EarningsOrder>): EarningsOrder => ({
  orderId: "7",
  goods: { id: "3", title: "富士胶片相机", priceCents: 45_000, coverUrl: null, status: "sold" },
  status: "completed",
  priceCents: 45_000,
  paidAt: "2025-03-08T10:00:00",
  completedAt: null,
  heldCents: 0,
  releasedCents: 0,
  refundedCents: 0,
  feeCents: 0,
  waitingFor: null,
  waiting: null,
  ...fields,
});

describe("the totals of 我的收入", () => {
  it("names all four in their places, each as the screens write an amount, ¥0 included", () => {
    expect(totalLines({ heldCents: 12_050, releasedCents: 12_800_000, refundedCents: 0, feeCents: 450 })).toEqual([
      { key: "heldCents", label: "待结算", amount: "¥120.50" },
      { key: "releasedCents", label: "已到账", amount: "¥128,000" },
      { key: "refundedCents", label: "已退款", amount: "¥0" },
      { key: "feeCents", label: "平台服务费", amount: "¥4.50" },
    ]);
  });
});

describe("an order's line", () => {
  it("shows only the figures it has: a released sale its money and the buyer's fee", () => {
    expect(orderFigureLines(order({ releasedCents: 45_000, feeCents: 450 }))).toEqual([
      { key: "releasedCents", label: "已到账", amount: "¥450" },
      { key: "feeCents", label: "平台服务费", amount: "¥4.50" },
    ]);
  });

  it("shows money still held as 待结算, and a refund as 已退款", () => {
    expect(orderFigureLines(order({ status: "paid", heldCents: 45_450 })).map((line) => line.label)).toEqual([
      "待结算",
    ]);
    expect(orderFigureLines(order({ status: "closed", refundedCents: 45_450 })).map((line) => line.amount)).toEqual([
      "¥454.50",
    ]);
  });

  it("shows nothing for an order whose money has not moved at all", () => {
    expect(orderFigureLines(order({}))).toEqual([]);
  });

  it("writes the day it was paid in the reader's own time", () => {
    expect(paidDay("2025-03-08T10:00:00")).toBe("2025-03-08");
    expect(paidDay("2025-12-31T23:59:00")).toBe("2025-12-31");
  });

  it("leads to the payout account only when that is what the money waits for", () => {
    expect(waitsForPayoutAccount(order({ waitingFor: "payout_account" }))).toBe(true);
    expect(waitsForPayoutAccount(order({ waitingFor: "provider" }))).toBe(false);
    expect(waitsForPayoutAccount(order({ waitingFor: null }))).toBe(false);
  });
});
