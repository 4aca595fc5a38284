import { describe, expect, it } from "vitest";
import { checkRuling, historyLine, rulingRefundCents, waitingText } from "./dispute-rules";

const NOW = Date.parse("2026-05-20T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("how long a dispute has waited", () => {
  it("speaks in its largest unit, rounded down", () => {
    expect(waitingText(ago(2 * 24 * HOUR + 5 * HOUR), NOW)).toBe("等待 2 天");
    expect(waitingText(ago(24 * HOUR), NOW)).toBe("等待 1 天");
    expect(waitingText(ago(23 * HOUR + 59 * MINUTE), NOW)).toBe("等待 23 小时");
    expect(waitingText(ago(59 * MINUTE), NOW)).toBe("等待 59 分钟");
    expect(waitingText(ago(10_000), NOW)).toBe("等待 1 分钟");
  });
});

describe("a ruling", () => {
  const reason = "双方证据显示商品与描述不符";

  it("sends a full refund or a release with its reason alone", () => {
    expect(checkRuling({ ruling: "refund", amount: "12", reason }, 10_000)).toEqual({
      body: { ruling: "refund", reason },
    });
    expect(checkRuling({ ruling: "release", amount: "", reason: `  ${reason} ` }, 10_000)).toEqual({
      body: { ruling: "release", reason },
    });
  });

  it("splits with an amount more than 0 and less than paid, in fen", () => {
    expect(checkRuling({ ruling: "split", amount: "45.5", reason }, 10_000)).toEqual({
      body: { ruling: "split", reason, refundCents: 4550 },
    });
    expect(checkRuling({ ruling: "split", amount: "100", reason }, 10_000)).toEqual({
      errors: { amount: "应少于 ¥100" },
    });
    expect(checkRuling({ ruling: "split", amount: "0", reason }, 10_000)).toEqual({
      errors: { amount: "金额应大于 0" },
    });
    expect(checkRuling({ ruling: "split", amount: "abc", reason }, 10_000)).toMatchObject({
      errors: { amount: expect.any(String) },
    });
  });

  it("needs a choice and a reason of the contract's length", () => {
    expect(checkRuling({ ruling: undefined, amount: "", reason: "太短" }, 10_000)).toEqual({
      errors: { ruling: "请选择裁决结果", reason: "请写明裁决理由，至少 4 个字" },
    });
  });

  it("says what goes back to the buyer", () => {
    expect(rulingRefundCents({ ruling: "refund", reason }, 10_000)).toBe(10_000);
    expect(rulingRefundCents({ ruling: "split", refundCents: 3000, reason }, 10_000)).toBe(3000);
    expect(rulingRefundCents({ ruling: "release", reason }, 10_000)).toBe(0);
  });
});

describe("a side's record", () => {
  it("counts deals on both sides, refunds, and disputes won and lost", () => {
    expect(historyLine({ completedSales: 3, completedPurchases: 2, refunds: 1, disputesWon: 2, disputesLost: 1 })).toBe(
      "成交 5 · 退款 1 · 纠纷 胜 2 负 1",
    );
  });
});
