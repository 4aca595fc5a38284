import { describe, expect, it } from "vitest";
import {
  BILL_COLUMNS,
  beijingDayWindow,
  readBill,
  type StatementEntry,
  UnreadableBill,
  writeBill,
} from "./statement.js";

const ENTRIES: StatementEntry[] = [
  { kind: "pay", paymentRef: "XZ1", providerRef: "2026112822001", amountCents: 8_800, at: "2026-11-28T01:02:03.000Z" },
  {
    kind: "refund",
    paymentRef: "XZ2",
    providerRef: "refund:order:2",
    amountCents: 1_999,
    at: "2026-11-28T02:00:00.000Z",
  },
  {
    kind: "release",
    paymentRef: "XZ3",
    providerRef: "release:order:3",
    amountCents: 5,
    at: "2026-11-28T15:59:59.000Z",
  },
];

describe("a bill in Alipay's 业务明细 layout", () => {
  it("reads back what was written, to the fen and the second", () => {
    const text = writeBill("2026-11-28", "xianzhi-sandbox", ENTRIES);
    expect(text.split("\n")[0]).toBe("#支付宝业务明细查询");
    expect(text).toContain("交易");
    expect(text).toContain("-19.99");
    expect(readBill(text)).toEqual(ENTRIES);
  });

  it("finds its columns by the header, whatever their order, and unquotes fields", () => {
    const columns = [...BILL_COLUMNS].reverse();
    const row = (values: Partial<Record<(typeof BILL_COLUMNS)[number], string>>) =>
      columns.map((name) => values[name] ?? "").join(",");
    const text = [
      "#支付宝业务明细查询",
      columns.join(","),
      row({
        支付宝交易号: "T1",
        商户订单号: "XZ9",
        业务类型: "交易",
        商品名称: '"台灯, 九成新"',
        完成时间: "2026-11-28 08:00:00",
        "订单金额（元）": "12.30",
      }),
      row({
        支付宝交易号: "T2",
        商户订单号: "XZ9",
        业务类型: "其他",
        完成时间: "2026-11-28 09:00:00",
        "订单金额（元）": "1.00",
      }),
      "#-----------------------------------------业务明细列表结束------------------------------------",
    ].join("\r\n");
    expect(readBill(text)).toEqual([
      { kind: "pay", paymentRef: "XZ9", providerRef: "T1", amountCents: 1_230, at: "2026-11-28T00:00:00.000Z" },
    ]);
  });

  it("refuses a bill it cannot read whole, rather than compare with part of it", () => {
    expect(() => readBill("#只有注释")).toThrow(UnreadableBill);
    expect(() => readBill("支付宝交易号,商户订单号\nT1,XZ1")).toThrow(/业务类型/);
    const bad = writeBill("2026-11-28", "x", [ENTRIES[0] as StatementEntry]).replace("88.00", "88.0");
    expect(() => readBill(bad)).toThrow(/88\.0/);
  });

  it("cuts days as Beijing does", () => {
    expect(beijingDayWindow("2026-11-28")).toEqual({
      from: "2026-11-27T16:00:00.000Z",
      to: "2026-11-28T16:00:00.000Z",
    });
  });
});
