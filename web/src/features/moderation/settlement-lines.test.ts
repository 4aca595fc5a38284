import type { FailedSettlement } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import { owedWords, settlementLine } from "./settlement-lines";

const NOW = Date.parse("2025-06-01T12:00:00Z");
const failed = (change: Partial<FailedSettlement>): FailedSettlement => ({
  orderId: "42",
  goodsTitle: "索尼 WH-1000XM5 耳机",
  kind: "refund",
  refundCents: 129_900,
  releaseCents: 0,
  attempts: 8,
  lastTriedAt: "2025-06-01T09:00:00Z",
  ...change,
});

describe("what a failed settlement owes, in words", () => {
  it("a refund goes back to the buyer, in full", () => {
    expect(owedWords(failed({}))).toBe("退款给买家 ¥1,299");
  });

  it("a release goes to the seller", () => {
    expect(owedWords(failed({ kind: "release", refundCents: 0, releaseCents: 4_050 }))).toBe("打款给卖家 ¥40.50");
  });

  it("a split names both sides and both amounts", () => {
    expect(owedWords(failed({ kind: "split", refundCents: 3_000, releaseCents: 7_000 }))).toBe(
      "退款给买家 ¥30，打款给卖家 ¥70",
    );
  });
});

describe("a failed settlement's line", () => {
  it("has the goods, what is owed, how often it was tried and when last", () => {
    expect(settlementLine(failed({}), NOW)).toEqual({
      key: "42",
      title: "索尼 WH-1000XM5 耳机",
      owed: "退款给买家 ¥1,299",
      attempts: "已尝试 8 次",
      lastTried: "最后尝试 3 小时前",
    });
  });

  it("says nothing of a time the server does not know", () => {
    expect(settlementLine(failed({ lastTriedAt: null }), NOW).lastTried).toBeNull();
  });
});
