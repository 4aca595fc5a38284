import type { ReconciliationDay, ReconciliationMismatch } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import { amountText, dayHeadline, mismatchLine, problemWords } from "./reconciliation-lines";

const day = (fields: Partial<ReconciliationDay>): ReconciliationDay => ({
  day: "2026-11-21",
  provider: "alipay",
  outcome: "done",
  matched: 5,
  mismatched: 0,
  uncheckedKinds: [],
  ranAt: "2026-11-22T02:00:00.000Z",
  mismatches: [],
  ...fields,
});

const mismatch = (fields: Partial<ReconciliationMismatch>): ReconciliationMismatch => ({
  kind: "release",
  paymentRef: "XZ20261121000001",
  orderId: "42",
  problem: "amount_differs",
  ledgerCents: 50_000,
  providerCents: 1,
  ...fields,
});

describe("a reconciled day's heading", () => {
  it("says how many movements matched, and nothing in red when all did", () => {
    expect(dayHeadline(day({}))).toEqual({
      day: "2026-11-21",
      provider: "支付宝",
      checked: "已核对 5 笔",
      mismatched: null,
      unavailable: null,
      unchecked: null,
    });
  });

  it("names the movements the provider's bill does not list, so a moderator knows they were not compared", () => {
    expect(dayHeadline(day({ uncheckedKinds: ["release"] })).unchecked).toBe("打款给卖家不在支付机构账单中，未核对");
    expect(dayHeadline(day({ uncheckedKinds: ["refund", "release"] })).unchecked).toBe(
      "退款、打款给卖家不在支付机构账单中，未核对",
    );
  });

  it("counts what did not match in red", () => {
    expect(dayHeadline(day({ matched: 3, mismatched: 2 }))).toMatchObject({
      checked: "已核对 3 笔",
      mismatched: "不一致 2 笔",
    });
  });

  it("says the provider's bill could not be had instead of 已核对 0 笔 when nothing was compared", () => {
    expect(dayHeadline(day({ outcome: "no_statement", matched: 0 }))).toMatchObject({
      checked: null,
      mismatched: null,
      unavailable: "支付机构账单暂不可用",
      unchecked: null,
    });
  });

  it("names the sandbox in Chinese, and a provider it does not know by its own name", () => {
    expect(dayHeadline(day({ provider: "sandbox" })).provider).toBe("沙箱支付");
    expect(dayHeadline(day({ provider: "wechat" })).provider).toBe("wechat");
  });
});

describe("a line the two books disagree on", () => {
  it("names the movement, the problem, both amounts and the order, as text", () => {
    expect(mismatchLine(mismatch({}))).toEqual({
      key: "release XZ20261121000001",
      kind: "打款给卖家",
      paymentRef: "XZ20261121000001",
      problem: "金额不一致",
      amounts: "账本 ¥500 / 支付机构 ¥0.01",
      order: "订单号 42",
    });
  });

  it("writes — for the side with no record, and no order where the ledger knows none", () => {
    const stray = mismatchLine(
      mismatch({ kind: "pay", orderId: null, problem: "missing_in_ledger", ledgerCents: null, providerCents: 777 }),
    );
    expect(stray).toMatchObject({
      kind: "付款",
      problem: "支付机构有记录，账本没有",
      amounts: "账本 — / 支付机构 ¥7.77",
      order: null,
    });
    const unpaid = mismatchLine(mismatch({ kind: "refund", problem: "missing_at_provider", providerCents: null }));
    expect(unpaid).toMatchObject({
      kind: "退款",
      problem: "账本有记录，支付机构账单没有",
      amounts: "账本 ¥500 / 支付机构 —",
    });
  });

  it("keeps a payment's refund and its release apart: the same number, two lines", () => {
    const keys = [mismatch({ kind: "refund" }), mismatch({ kind: "release" })].map((line) => mismatchLine(line).key);
    expect(new Set(keys).size).toBe(2);
  });

  it("tells an amount of ¥0 from no record at all", () => {
    expect(amountText(0)).toBe("¥0");
    expect(amountText(null)).toBe("—");
    expect(problemWords("amount_differs")).toBe("金额不一致");
  });
});
