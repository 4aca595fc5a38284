import type { Checkout } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import { amountLines, destinationOf, orderBody, PROTECTION_NOTE } from "./checkout-rules";

const checkout = (fields: Partial<Checkout> = {}): Checkout => ({
  goods: { id: "42", title: "索尼降噪耳机", priceCents: 188_800, coverUrl: null, status: "on_sale" },
  seller: { id: "7", username: "bob", nickname: "鲍勃", avatarUrl: null },
  priceCents: 188_800,
  feeCents: 0,
  totalCents: 188_800,
  fromOffer: false,
  addresses: [],
  ...fields,
});

describe("checkout's amount", () => {
  it("shows the price alone when there is no fee", () => {
    expect(amountLines(checkout())).toEqual([{ label: "商品价格", cents: 188_800 }]);
  });

  it("shows the fee on its own line when it is set", () => {
    expect(amountLines(checkout({ feeCents: 990, totalCents: 189_790 }))).toEqual([
      { label: "商品价格", cents: 188_800 },
      { label: "买家保障服务费", cents: 990 },
    ]);
  });

  it("names an accepted offer's amount as such", () => {
    expect(amountLines(checkout({ priceCents: 180_000, totalCents: 180_000, fromOffer: true }))).toEqual([
      { label: "议价成交价", cents: 180_000 },
    ]);
  });

  it("says what protection means, with the seller's time to ship", () => {
    expect(PROTECTION_NOTE).toBe("担保交易：货款由支付机构托管，确认收货后才付给卖家；卖家 72 小时不发货自动退款。");
  });
});

describe("the order 提交订单 asks for", () => {
  it("sends the total shown, fee included, and the address for 快递", () => {
    expect(orderBody(checkout({ feeCents: 990, totalCents: 189_790 }), "shipping", "5")).toEqual({
      body: { goodsId: "42", delivery: "shipping", addressId: "5", amountCents: 189_790 },
    });
  });

  it("sends no address for 面交", () => {
    expect(orderBody(checkout(), "meetup", "5")).toEqual({
      body: { goodsId: "42", delivery: "meetup", amountCents: 188_800 },
    });
  });

  it("asks for an address before a 快递 order", () => {
    expect(orderBody(checkout(), "shipping", undefined)).toEqual({ missing: "请选择收货地址" });
  });
});

describe("where a payment's address leads", () => {
  const origin = "https://xianzhi.example";

  it("opens the app's own pages in the app", () => {
    expect(destinationOf("/sandbox-pay/abc123", origin)).toEqual({ path: "/sandbox-pay/abc123" });
    expect(destinationOf("https://xianzhi.example/orders/9?from=pay#top", origin)).toEqual({
      path: "/orders/9?from=pay#top",
    });
  });

  it("leaves the app for the provider's cashier", () => {
    const alipay = "https://openapi.alipay.com/gateway.do?method=alipay.trade.wap.pay&sign=x";
    expect(destinationOf(alipay, origin)).toEqual({ external: alipay });
  });

  it("goes nowhere for what is no web address", () => {
    expect(destinationOf("javascript:alert(1)", origin)).toBeNull();
    expect(destinationOf("//evil.example/x", origin)).toBeNull();
    expect(destinationOf("not a url", origin)).toBeNull();
  });
});
