import type { Offer } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import { canOfferInChat, offerActions, offerStatusAt, offerTimeLeft, parseOfferAmount, yuanText } from "./offer-rules";

const NOW = Date.parse("2026-05-01T12:00:00.000Z");
const HOUR = 3_600_000;

function offer(fields: Partial<Offer> = {}): Offer {
  return {
    id: "1",
    goodsId: "7",
    chatId: "3",
    buyerId: "buyer",
    sellerId: "seller",
    fromUserId: "buyer",
    amountCents: 170_000,
    status: "open",
    replacesId: null,
    dealId: null,
    createdAt: new Date(NOW - HOUR).toISOString(),
    expiresAt: new Date(NOW + 23 * HOUR).toISOString(),
    decidedAt: null,
    ...fields,
  };
}

describe("the amount typed in the offer sheet", () => {
  it("reads yuan as fen, with the ¥, spaces and thousands commas people type", () => {
    expect(parseOfferAmount("1700", 188_800)).toEqual({ cents: 170_000 });
    expect(parseOfferAmount("99.5", 188_800)).toEqual({ cents: 9_950 });
    expect(parseOfferAmount("0.01", 188_800)).toEqual({ cents: 1 });
    expect(parseOfferAmount(" ¥1,888.00 ", 188_800)).toEqual({ cents: 188_800 });
  });

  it("says in Chinese why an amount cannot be offered", () => {
    expect(parseOfferAmount("", 188_800)).toEqual({ error: "请输入出价金额" });
    expect(parseOfferAmount("12.345", 188_800)).toEqual({ error: "请输入正确的金额，如 1700 或 99.5，最多两位小数" });
    expect(parseOfferAmount("-5", 188_800)).toEqual({ error: "请输入正确的金额，如 1700 或 99.5，最多两位小数" });
    expect(parseOfferAmount("一千", 188_800)).toEqual({ error: "请输入正确的金额，如 1700 或 99.5，最多两位小数" });
    expect(parseOfferAmount("0", 188_800)).toEqual({ error: "出价要大于 0 元" });
    expect(parseOfferAmount("1888.01", 188_800)).toEqual({ error: "出价不能高于售价 ¥1,888" });
  });

  it("prefills the price as it would be typed", () => {
    expect(yuanText(188_800)).toBe("1888");
    expect(yuanText(4_550)).toBe("45.5");
    expect(yuanText(4_505)).toBe("45.05");
    expect(yuanText(1)).toBe("0.01");
  });
});

describe("an offer card's buttons", () => {
  it("lets the side the offer was made to accept, decline or counter it, and its maker withdraw it", () => {
    expect(offerActions(offer(), "seller", NOW)).toEqual(["accept", "decline", "counter"]);
    expect(offerActions(offer(), "buyer", NOW)).toEqual(["withdraw"]);
    const counter = offer({ fromUserId: "seller", replacesId: "0" });
    expect(offerActions(counter, "buyer", NOW)).toEqual(["accept", "decline", "counter"]);
    expect(offerActions(counter, "seller", NOW)).toEqual(["withdraw"]);
  });

  it("has none once the offer is decided or past its time, nor for anyone else", () => {
    for (const status of ["accepted", "declined", "countered", "withdrawn", "expired"] as const) {
      expect(offerActions(offer({ status }), "seller", NOW)).toEqual([]);
      expect(offerActions(offer({ status }), "buyer", NOW)).toEqual([]);
    }
    const lapsed = offer({ expiresAt: new Date(NOW - 1).toISOString() });
    expect(offerStatusAt(lapsed, NOW)).toBe("expired");
    expect(offerActions(lapsed, "seller", NOW)).toEqual([]);
    expect(offerActions(offer(), "someone-else", NOW)).toEqual([]);
  });

  it("tells how long the offer still waits", () => {
    expect(offerTimeLeft(new Date(NOW + 23 * HOUR + 59 * 60_000).toISOString(), NOW)).toBe("还剩 23 小时");
    expect(offerTimeLeft(new Date(NOW + 5 * 60_000 + 30_000).toISOString(), NOW)).toBe("还剩 5 分钟");
    expect(offerTimeLeft(new Date(NOW + 30_000).toISOString(), NOW)).toBe("即将过期");
  });
});

describe("出价 in the chat's input area", () => {
  const onSale = { status: "on_sale" as const, sellerId: "seller" };
  const noTrade = { offers: [], deal: null };

  it("is there for the buyer while the goods are on sale and no offer waits", () => {
    expect(canOfferInChat(noTrade, onSale, "buyer", NOW)).toBe(true);
    expect(canOfferInChat({ offers: [offer({ status: "declined" })], deal: null }, onSale, "buyer", NOW)).toBe(true);
    const lapsed = offer({ expiresAt: new Date(NOW - 1).toISOString() });
    expect(canOfferInChat({ offers: [lapsed], deal: null }, onSale, "buyer", NOW)).toBe(true);
  });

  it("is not for the seller, nor while an offer waits, a deal holds the goods or they are off sale", () => {
    expect(canOfferInChat(noTrade, onSale, "seller", NOW)).toBe(false);
    expect(canOfferInChat({ offers: [offer()], deal: null }, onSale, "buyer", NOW)).toBe(false);
    expect(canOfferInChat(noTrade, { ...onSale, status: "reserved" }, "buyer", NOW)).toBe(false);
    expect(canOfferInChat(noTrade, { ...onSale, status: "sold" }, "buyer", NOW)).toBe(false);
    expect(canOfferInChat(undefined, onSale, "buyer", NOW)).toBe(false);
  });
});
