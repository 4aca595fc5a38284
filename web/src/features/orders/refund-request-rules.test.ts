import type { Order } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import { orderStatusLine } from "./order-status";
import {
  centsToYuan,
  checkRefundAmount,
  checkRefundRequest,
  evidenceRejection,
  isRefundOpen,
  type RefundRequestForm,
  yuanToCents,
} from "./refund-request-rules";

describe("an amount typed in yuan", () => {
  it("is read as fen, to two decimals", () => {
    expect(yuanToCents("12")).toBe(1200);
    expect(yuanToCents(" ¥12.5 ")).toBe(1250);
    expect(yuanToCents("1,299.05")).toBe(129_905);
    expect(yuanToCents("0.01")).toBe(1);
    expect(yuanToCents("12.345")).toBeNull();
    expect(yuanToCents("-3")).toBeNull();
    expect(yuanToCents("")).toBeNull();
    expect(centsToYuan(4550)).toBe("45.5");
    expect(centsToYuan(239_900)).toBe("2399");
  });

  it("is refundable when more than 0 and at most what was paid; a part is strictly less", () => {
    expect(checkRefundAmount("100", 10_000)).toEqual({ amountCents: 10_000 });
    expect(checkRefundAmount("100.01", 10_000)).toEqual({ error: "不能超过 ¥100" });
    expect(checkRefundAmount("0", 10_000)).toEqual({ error: "金额应大于 0" });
    expect(checkRefundAmount("100", 10_000, true)).toEqual({ error: "应少于 ¥100" });
    expect(checkRefundAmount("99.99", 10_000, true)).toEqual({ amountCents: 9999 });
  });
});

describe("a refund request", () => {
  const form = (fields: Partial<RefundRequestForm> = {}): RefundRequestForm => ({
    kind: "return",
    reason: "damaged",
    amount: "120",
    description: " 屏幕有裂痕 ",
    fileIds: ["f1", "f2"],
    ...fields,
  });

  it("is sent in fen with its words trimmed and its photos", () => {
    expect(checkRefundRequest(form(), 12_000)).toEqual({
      body: {
        kind: "return",
        reason: "damaged",
        amountCents: 12_000,
        description: "屏幕有裂痕",
        fileIds: ["f1", "f2"],
      },
    });
  });

  it("says what is missing at each field", () => {
    expect(checkRefundRequest(form({ reason: "", amount: "130", description: "  " }), 12_000)).toEqual({
      errors: { reason: "请选择退款原因", amount: "不能超过 ¥120", description: "请说明退款原因" },
    });
  });

  it("takes pictures of the allowed types and sizes, up to six", () => {
    expect(evidenceRejection({ type: "image/png", size: 1000 }, 5)).toBeNull();
    expect(evidenceRejection({ type: "image/png", size: 1000 }, 6)).toBe("最多 6 张图片");
    expect(evidenceRejection({ type: "application/pdf", size: 1000 }, 0)).toMatch(/^只支持/);
    expect(evidenceRejection({ type: "image/jpeg", size: 11 * 1024 * 1024 }, 0)).toBe("超过 10 MB");
  });
});

describe("an order with a refund request", () => {
  const shipped = {
    status: "shipped",
    role: "buyer",
    dueAt: null,
    dueTransition: null,
    closeReason: null,
    cancelRequestedAt: null,
  } as const satisfies Partial<Order>;
  const refund = { id: "3", kind: "refund_only", amountCents: 100 } as const;

  it("says the request is under way while it is open, its receiving timer paused", () => {
    expect(orderStatusLine({ ...shipped, refund: { ...refund, status: "countered" } }, 0)).toBe(
      "售后处理中：待买家确认，收货倒计时暂停",
    );
    expect(isRefundOpen({ status: "disputed" })).toBe(true);
  });

  it("goes back to its countdown once the request closed", () => {
    const resumed = {
      ...shipped,
      dueAt: new Date(3 * 24 * 3_600_000).toISOString(),
      dueTransition: "autoConfirm" as const,
    };
    expect(orderStatusLine({ ...resumed, refund: { ...refund, status: "closed" } }, 0)).toBe("还剩 3 天自动确认收货");
    expect(isRefundOpen({ status: "refunded" })).toBe(false);
    expect(isRefundOpen(null)).toBe(false);
  });
});
