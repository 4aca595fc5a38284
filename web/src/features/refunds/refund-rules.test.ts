import type { Refund } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import { checkWords, primaryButton, refundBanner, refundButtonLabel, refundButtons } from "./refund-rules";

const NOW = Date.parse("2026-05-20T12:00:00.000Z");
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(NOW + ms).toISOString();

function refund(fields: Partial<Refund> = {}): Refund {
  return {
    id: "3",
    orderId: "5",
    role: "buyer",
    kind: "refund_only",
    reason: "damaged",
    status: "requested",
    amountCents: 10_000,
    paidCents: 12_000,
    offeredCents: null,
    refundCents: null,
    returnAddress: null,
    returnCarrier: null,
    returnTrackingNumber: null,
    words: [],
    ruling: null,
    actions: [],
    statementAllowed: false,
    dueAt: null,
    dueTransition: null,
    createdAt: at(-HOUR),
    disputedAt: null,
    endedAt: null,
    endedBy: null,
    ...fields,
  };
}

describe("the banner of a refund", () => {
  it("says who answers a request and what its timer does, in each side's words", () => {
    const asked = refund({ dueAt: at(2 * DAY + 3 * HOUR), dueTransition: "autoAgree" });
    expect(refundBanner(asked, NOW)).toEqual({
      title: "待卖家处理",
      next: "等待卖家处理你的退款申请",
      deadline: "卖家 2 天 3 小时内未处理将自动同意退款",
    });
    expect(refundBanner({ ...asked, role: "seller" }, NOW)).toEqual({
      title: "待卖家处理",
      next: "买家申请退款 ¥100，请同意、部分同意或拒绝",
      deadline: "请在 2 天 3 小时内处理，超时将自动同意退款",
    });
    const returning = { ...asked, kind: "return" as const, dueTransition: "autoAgreeReturn" as const };
    expect(refundBanner({ ...returning, role: "seller" }, NOW).deadline).toBe(
      "请在 2 天 3 小时内处理，超时将自动同意退货，退货地址为你的默认地址",
    );
    expect(refundBanner(returning, NOW).deadline).toBe("卖家 2 天 3 小时内未处理将自动同意退货");
  });

  it("puts the seller's offer beside what was asked, and the time left to agree", () => {
    const countered = refund({
      status: "countered",
      offeredCents: 6000,
      dueAt: at(3 * DAY),
      dueTransition: "noAgreement",
    });
    expect(refundBanner(countered, NOW)).toEqual({
      title: "待买家确认",
      next: "卖家同意退款 ¥60（你申请 ¥100），接受即退款，或申请平台介入",
      deadline: "3 天内未达成一致，将由平台介入处理",
    });
    expect(refundBanner({ ...countered, kind: "return" }, NOW).next).toBe(
      "卖家同意退款 ¥60（你申请 ¥100），接受后寄回商品，或申请平台介入",
    );
    expect(refundBanner({ ...countered, role: "seller" }, NOW).next).toBe("你同意退款 ¥60，等待买家确认");
  });

  it("counts down the return both ways", () => {
    const awaiting = refund({
      kind: "return",
      status: "awaiting_return",
      dueAt: at(DAY),
      dueTransition: "returnLapsed",
    });
    expect(refundBanner(awaiting, NOW).deadline).toBe("请在 1 天内寄回并填写退货单号，超时退款将关闭");
    expect(refundBanner({ ...awaiting, role: "seller" }, NOW).deadline).toBe("买家 1 天内未寄回，退款将关闭");
    const shipped = refund({
      kind: "return",
      status: "return_shipped",
      dueAt: at(5 * HOUR),
      dueTransition: "autoReceiveReturn",
    });
    expect(refundBanner({ ...shipped, role: "seller" }, NOW).deadline).toBe(
      "请在 5 小时内确认收货，超时将自动退款给买家",
    );
    expect(refundBanner(shipped, NOW).deadline).toBe("卖家 5 小时内未确认收货将自动退款");
  });

  it("says the timer is about to act once it is due, and nothing when none runs", () => {
    expect(refundBanner(refund({ dueAt: at(-1000), dueTransition: "autoAgree" }), NOW).deadline).toBe(
      "即将自动同意退款",
    );
    expect(refundBanner(refund({ status: "disputed" }), NOW)).toEqual({
      title: "平台介入",
      next: "平台介入处理中，核实双方说明和凭证后作出裁决",
      deadline: null,
    });
  });

  it("ends with what went back, or why it closed", () => {
    expect(refundBanner(refund({ status: "refunded", refundCents: 6000 }), NOW).next).toBe("¥60 已原路退回买家");
    const released = refund({
      status: "closed",
      ruling: { ruling: "release", refundCents: 0, reason: "商品无问题", ruledAt: at(0) },
    });
    expect(refundBanner(released, NOW)).toMatchObject({ title: "退款关闭", next: "平台裁决：货款给卖家" });
    expect(refundBanner(refund({ status: "closed" }), NOW).next).toBe(
      "退款已关闭，订单照常进行（同一订单不能再次申请退款）",
    );
    expect(refundBanner(refund({ status: "closed", endedBy: "withdraw" }), NOW).next).toBe(
      "买家已撤销退款申请，订单照常进行（同一订单不能再次申请退款）",
    );
    expect(refundBanner(refund({ status: "closed", endedBy: "returnLapsed" }), NOW).next).toBe(
      "买家未在期限内寄回商品，退款已关闭，订单照常进行（同一订单不能再次申请退款）",
    );
  });
});

describe("a refund's buttons", () => {
  it("show the seller's answers to a request, 同意 for either kind's agreement", () => {
    const seller = refund({ role: "seller", actions: ["agree", "counter", "refuse"] });
    expect(refundButtons(seller)).toEqual(["agree", "counter", "refuse"]);
    expect(refundButtons({ ...seller, actions: ["agreeReturn", "counter", "refuse"] })).toEqual([
      "agree",
      "counter",
      "refuse",
    ]);
    expect(refundButtonLabel("agree", seller)).toBe("同意退款");
    expect(refundButtonLabel("agree", { kind: "return" })).toBe("同意退货");
    expect(primaryButton(refundButtons(seller))).toBe("agree");
  });

  it("show the buyer's choices, 接受 for either kind's offer", () => {
    expect(refundButtons(refund({ status: "countered", actions: ["acceptReturn", "escalate", "withdraw"] }))).toEqual([
      "accept",
      "escalate",
      "withdraw",
    ]);
    expect(refundButtons(refund({ status: "refused", actions: ["escalate", "withdraw"] }))).toEqual([
      "escalate",
      "withdraw",
    ]);
    const awaiting = refundButtons(refund({ status: "awaiting_return", actions: ["withdraw", "shipReturn"] }));
    expect(awaiting).toEqual(["shipReturn", "withdraw"]);
    expect(primaryButton(awaiting)).toBe("shipReturn");
  });

  it("show the seller's answers to a return", () => {
    const buttons = refundButtons(refund({ role: "seller", actions: ["receiveReturn", "rejectReturn"] }));
    expect(buttons).toEqual(["receiveReturn", "rejectReturn"]);
    expect(buttons.map((button) => refundButtonLabel(button, refund()))).toEqual(["确认收到退货", "退货有问题"]);
  });

  it("never show what only a timer or a moderator does", () => {
    expect(refundButtons(refund({ actions: ["autoAgree", "noAgreement", "ruleRefund", "ruleRelease"] }))).toEqual([]);
    expect(primaryButton([])).toBeNull();
  });

  it("offer 补充说明 while disputed, once, to either side but not to a moderator", () => {
    expect(refundButtons(refund({ status: "disputed", statementAllowed: true }))).toEqual(["statement"]);
    expect(refundButtons(refund({ status: "disputed", role: "seller", statementAllowed: true }))).toEqual([
      "statement",
    ]);
    expect(refundButtons(refund({ status: "disputed", statementAllowed: false }))).toEqual([]);
    expect(refundButtons(refund({ status: "refused", statementAllowed: true }))).toEqual([]);
    expect(refundButtons(refund({ status: "disputed", role: "moderator", statementAllowed: true }))).toEqual([]);
  });
});

describe("a side's words", () => {
  it("are trimmed, required and within the limit", () => {
    expect(checkWords("  收到的是空盒  ", 500)).toEqual({ text: "收到的是空盒" });
    expect(checkWords("   ", 500)).toEqual({ error: "请填写说明" });
    expect(checkWords("很长的说明", 4)).toEqual({ error: "最多 4 个字" });
  });
});
