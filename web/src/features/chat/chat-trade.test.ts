import type { ChatTrade, Deal, Offer } from "@xianzhi/contract";
import { produce } from "immer";
import { describe, expect, it } from "vitest";
import { applyDeal, applyOffer } from "./chat-trade";

function offer(id: string, fields: Partial<Offer> = {}): Offer {
  return {
    id,
    goodsId: "7",
    chatId: "3",
    buyerId: "buyer",
    sellerId: "seller",
    fromUserId: "buyer",
    amountCents: 170_000,
    status: "open",
    replacesId: null,
    dealId: null,
    createdAt: "2026-05-01T12:00:00.000Z",
    expiresAt: "2026-05-02T12:00:00.000Z",
    decidedAt: null,
    ...fields,
  };
}

function deal(id: string, fields: Partial<Deal> = {}): Deal {
  return {
    id,
    goodsId: "7",
    chatId: "3",
    offerId: "1",
    buyerId: "buyer",
    sellerId: "seller",
    priceCents: 170_000,
    status: "reserved",
    createdAt: "2026-05-01T13:00:00.000Z",
    completedAt: null,
    cancelledAt: null,
    cancelledBy: null,
    orderId: null,
    ...fields,
  };
}

const withOffer = (trade: ChatTrade, next: Offer) => produce(trade, (draft) => applyOffer(draft, next));
const withDeal = (trade: ChatTrade, next: Deal) => produce(trade, (draft) => applyDeal(draft, next));
const statuses = (trade: ChatTrade) => trade.offers.map((item) => `${item.id}:${item.status}`);

describe("a chat's trade patched by frames and answers", () => {
  it("adds new offers in order and puts changed ones in place, once each", () => {
    let trade: ChatTrade = { offers: [offer("1")], deal: null };
    trade = withOffer(trade, offer("4", { status: "declined" }));
    trade = withOffer(trade, offer("2"));
    trade = withOffer(trade, offer("1", { status: "withdrawn" }));
    trade = withOffer(trade, offer("1", { status: "withdrawn" }));
    expect(statuses(trade)).toEqual(["1:withdrawn", "2:open", "4:declined"]);
  });

  it("never reopens a decided offer when its older frame arrives late", () => {
    let trade: ChatTrade = { offers: [offer("1", { status: "accepted", dealId: "9" })], deal: null };
    trade = withOffer(trade, offer("1"));
    expect(statuses(trade)).toEqual(["1:accepted"]);
  });

  it("marks the offer a counter-offer answers as countered, even before that offer's own frame", () => {
    let trade: ChatTrade = { offers: [offer("1")], deal: null };
    trade = withOffer(
      trade,
      offer("2", { fromUserId: "seller", replacesId: "1", createdAt: "2026-05-01T12:30:00.000Z" }),
    );
    expect(statuses(trade)).toEqual(["1:countered", "2:open"]);
    expect(trade.offers[0]?.decidedAt).toBe("2026-05-01T12:30:00.000Z");
  });

  it("keeps the newest deal, and a deal that ended stays ended", () => {
    let trade: ChatTrade = { offers: [], deal: null };
    trade = withDeal(trade, deal("5"));
    trade = withDeal(trade, deal("5", { status: "completed", completedAt: "2026-05-01T14:00:00.000Z" }));
    trade = withDeal(trade, deal("5"));
    expect(trade.deal?.status).toBe("completed");
    trade = withDeal(trade, deal("3", { status: "cancelled" }));
    expect(trade.deal?.id).toBe("5");
    trade = withDeal(trade, deal("6"));
    expect(trade.deal).toMatchObject({ id: "6", status: "reserved" });
  });
});
