import type { Order } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import {
  buttonLabel,
  checkPickupCode,
  checkTrackingNumber,
  countdownText,
  durationText,
  nextButton,
  orderButtons,
} from "./order-rules";
import { orderStatusLine } from "./order-status";

const NOW = Date.parse("2026-05-20T12:00:00.000Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(NOW + ms).toISOString();

function order(fields: Partial<Order> = {}): Order {
  return {
    id: "5",
    status: "awaiting_payment",
    role: "buyer",
    delivery: "shipping",
    actions: [],
    payUrl: null,
    cancelRequestedAt: null,
    dueAt: null,
    dueTransition: null,
    closeReason: null,
    ...fields,
  } as Order;
}

describe("an order's buttons", () => {
  it("are exactly the actions the server lists, with 去付款 first while the buyer has a pay page", () => {
    expect(orderButtons(order({ actions: ["cancel"], payUrl: "/sandbox-pay/p1" }))).toEqual(["pay", "cancel"]);
    expect(orderButtons(order({ actions: ["cancel"] }))).toEqual(["cancel"]);
    expect(orderButtons(order({ status: "paid", actions: ["ship", "refund"] }))).toEqual(["ship", "refund"]);
    expect(orderButtons(order({ status: "shipped", actions: ["extend", "confirm"] }))).toEqual(["extend", "confirm"]);
    expect(orderButtons(order({ status: "completed" }))).toEqual([]);
  });

  it("never offers what only the provider or a timer does", () => {
    expect(orderButtons(order({ actions: ["pay", "expire", "autoConfirm", "cancel"] }))).toEqual(["cancel"]);
  });

  it("put on a card the one that moves the order on", () => {
    expect(nextButton(order({ actions: ["cancel"], payUrl: "/sandbox-pay/p1" }))).toBe("pay");
    expect(nextButton(order({ actions: ["cancel"] }))).toBeNull();
    expect(nextButton(order({ status: "paid", role: "seller", actions: ["ship", "refund"] }))).toBe("ship");
    expect(nextButton(order({ status: "paid", actions: ["requestCancel"] }))).toBeNull();
    expect(nextButton(order({ status: "shipped", actions: ["extend", "confirm"] }))).toBe("confirm");
    expect(nextButton(order({ status: "shipped", role: "seller", delivery: "meetup", actions: ["pickup"] }))).toBe(
      "pickup",
    );
  });

  it("put a buyer's request to cancel before the seller, who may only refund", () => {
    const asked = order({ status: "paid", role: "seller", cancelRequestedAt: at(-HOUR) });
    expect(nextButton({ ...asked, actions: ["refund"] })).toBe("refund");
    expect(nextButton({ ...asked, actions: ["refund"], cancelRequestedAt: null })).toBeNull();
  });

  it("say what each does to this order", () => {
    expect(buttonLabel("pay", order())).toBe("去付款");
    expect(buttonLabel("ship", order())).toBe("发货");
    expect(buttonLabel("ship", order({ delivery: "meetup" }))).toBe("确认面交");
    expect(buttonLabel("refund", order())).toBe("取消订单并退款");
    expect(buttonLabel("refund", order({ cancelRequestedAt: at(-HOUR) }))).toBe("同意取消并退款");
    expect(buttonLabel("requestCancel", order())).toBe("申请取消");
    expect(buttonLabel("extend", order())).toBe("延长收货");
    expect(buttonLabel("confirm", order())).toBe("确认收货");
    expect(buttonLabel("pickup", order())).toBe("输入取件码");
    expect(buttonLabel("cancel", order())).toBe("取消订单");
  });
});

describe("the countdown of the running timer", () => {
  it("says the time left to the minute, rounded up, in the largest two units", () => {
    expect(durationText(2 * DAY + 3 * HOUR + 20 * MINUTE)).toBe("2 天 3 小时");
    expect(durationText(2 * DAY)).toBe("2 天");
    expect(durationText(5 * HOUR + 12 * MINUTE)).toBe("5 小时 12 分钟");
    expect(durationText(5 * HOUR)).toBe("5 小时");
    expect(durationText(29 * MINUTE + 1000)).toBe("30 分钟");
    expect(durationText(1000)).toBe("1 分钟");
  });

  it("says what happens when it runs out", () => {
    const due = (ms: number, dueTransition: Order["dueTransition"]) => order({ dueAt: at(ms), dueTransition });
    expect(countdownText(due(2 * DAY + 3 * HOUR + 20 * MINUTE, "autoConfirm"), NOW)).toBe(
      "还剩 2 天 3 小时自动确认收货",
    );
    expect(countdownText(due(72 * HOUR, "shipDeadline"), NOW)).toBe("卖家需在 3 天内发货，超时自动退款");
    expect(countdownText(due(30 * MINUTE, "expire"), NOW)).toBe("请在 30 分钟内付款，超时自动关闭");
    expect(countdownText(due(24 * HOUR, "grantCancel"), NOW)).toBe("卖家需在 1 天内处理，超时自动退款");
  });

  it("asks the side the timer waits on, and tells the other what it waits for", () => {
    const seller = (ms: number, dueTransition: Order["dueTransition"]) =>
      order({ role: "seller", dueAt: at(ms), dueTransition });
    expect(countdownText(seller(72 * HOUR, "shipDeadline"), NOW)).toBe("请在 3 天内发货，超时自动退款给买家");
    expect(countdownText(seller(30 * MINUTE, "expire"), NOW)).toBe("等待买家付款，还剩 30 分钟");
    expect(countdownText(seller(24 * HOUR, "grantCancel"), NOW)).toBe("请在 1 天内处理，超时自动同意退款");
    expect(countdownText(seller(3 * DAY, "autoConfirm"), NOW)).toBe("还剩 3 天自动确认收货");
  });

  it("counts down as the clock moves, and says it is about to happen once due", () => {
    const shipping = order({ dueAt: at(72 * HOUR), dueTransition: "shipDeadline" });
    expect(countdownText(shipping, NOW + 71 * HOUR)).toBe("卖家需在 1 小时内发货，超时自动退款");
    expect(countdownText(shipping, NOW + 72 * HOUR)).toBe("即将自动退款");
    expect(countdownText(shipping, NOW + 80 * HOUR)).toBe("即将自动退款");
  });

  it("is not there when no timer runs", () => {
    expect(countdownText(order({ status: "completed" }), NOW)).toBeNull();
  });
});

describe("the line under an order's state", () => {
  it("says why a closed order closed", () => {
    expect(orderStatusLine(order({ status: "closed", closeReason: "not_shipped" }), NOW)).toBe(
      "卖家超时未发货，已退款",
    );
  });

  it("tells each side of a request to cancel, with the time the seller has", () => {
    const asked = order({
      status: "paid",
      cancelRequestedAt: at(-HOUR),
      dueAt: at(23 * HOUR),
      dueTransition: "grantCancel",
    });
    expect(orderStatusLine(asked, NOW)).toBe("你已申请取消 · 卖家需在 23 小时内处理，超时自动退款");
    expect(orderStatusLine({ ...asked, role: "seller" }, NOW)).toBe(
      "买家申请取消订单 · 请在 23 小时内处理，超时自动同意退款",
    );
  });
});

describe("what the seller types", () => {
  it("takes a tracking number of the chosen carrier's forms, as the server stores it", () => {
    expect(checkTrackingNumber("SF", " sf1234567890123 ")).toEqual({ trackingNumber: "SF1234567890123" });
    expect(checkTrackingNumber("SF", "123456789012")).toEqual({ trackingNumber: "123456789012" });
    expect(checkTrackingNumber("JD", "JDX000123456789")).toEqual({ trackingNumber: "JDX000123456789" });
  });

  it("refuses a number no form of the carrier matches, naming the carrier", () => {
    expect(checkTrackingNumber("SF", "12345")).toEqual({ error: "这不是顺丰速运的单号，请核对后重新输入" });
    expect(checkTrackingNumber("YTO", "SF1234567890123")).toEqual({ error: "这不是圆通速递的单号，请核对后重新输入" });
    expect(checkTrackingNumber("SF", "  ")).toEqual({ error: "请输入快递单号" });
  });

  it("takes a pickup code of six digits, spaces aside", () => {
    expect(checkPickupCode("123456")).toEqual({ code: "123456" });
    expect(checkPickupCode("12 34 56")).toEqual({ code: "123456" });
    expect(checkPickupCode("12345")).toEqual({ error: "请输入买家出示的 6 位取件码" });
    expect(checkPickupCode("12345a")).toEqual({ error: "请输入买家出示的 6 位取件码" });
  });
});
