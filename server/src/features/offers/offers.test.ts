import type { Offer, ServerFrame } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { isType, listen, openSocket, type TestSocket } from "../../test-support/sockets.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import {
  answerOffer,
  chatTrade,
  counterOffer,
  endDeal,
  goodsStatus,
  madeOffer,
  makeOffer,
} from "../../test-support/trade.js";
import { PROMISED_TO_ANOTHER } from "./offer-acceptance.js";

let t: TestApp;
let base: string;
let seller: RegisteredUser;
let buyer: RegisteredUser;
let rival: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
  [seller, buyer, rival] = [
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
  ];
});
afterAll(() => t.close());

const offerFrame = (id: string, status: Offer["status"]) => (frame: ServerFrame) =>
  frame.type === "offer" && frame.offer.id === id && frame.offer.status === status;
const messageFrame = (type: string, content: string) => (frame: ServerFrame) =>
  frame.type === "message" && frame.message.type === type && frame.message.content === content;

async function chatList(user: RegisteredUser) {
  return (await call(t.app, "GET", "/api/mychatlist/getlist", { token: user.token })).data.list as {
    chatId: string;
    lastMessage: { type: string; content: string } | null;
    unreadCount: number;
  }[];
}

describe("an offer, countered, accepted and completed", () => {
  let sockets: Record<"seller" | "buyer" | "rival", TestSocket>;
  beforeAll(async () => {
    sockets = {
      seller: await openSocket(base, seller.token),
      buyer: await openSocket(base, buyer.token),
      rival: await openSocket(base, rival.token),
    };
  });
  afterAll(() => Promise.all(Object.values(sockets).map((socket) => socket.close())));

  it("goes from an offer card in a new chat to goods sold to the buyer", async () => {
    const goods = await postGoods(t.app, seller.token, { priceCents: 50000 });

    // The buyer offers ¥400 from the goods page: the chat opens with the offer's card.
    const offered = await makeOffer(t.app, buyer.token, goods.id, 40000);
    expect(offered).toMatchObject({
      code: 200,
      msg: "已出价",
      data: {
        goodsId: goods.id,
        buyerId: buyer.id,
        sellerId: seller.id,
        fromUserId: buyer.id,
        amountCents: 40000,
        status: "open",
        replacesId: null,
        dealId: null,
        decidedAt: null,
      },
    });
    const first = offered.data;
    expect(Date.parse(first.expiresAt) - Date.parse(first.createdAt)).toBe(24 * 3600 * 1000);
    for (const socket of [sockets.buyer, sockets.seller]) {
      expect(await socket.next(offerFrame(first.id, "open"))).toMatchObject({ offer: { amountCents: 40000 } });
      expect(await socket.next(messageFrame("offer", first.id))).toMatchObject({
        message: { chatId: first.chatId, senderId: buyer.id },
      });
    }
    const sellerChat = (await chatList(seller)).find((chat) => chat.chatId === first.chatId);
    expect(sellerChat).toMatchObject({ lastMessage: { type: "offer", content: first.id }, unreadCount: 1 });
    const opened = await call(t.app, "POST", "/api/mychatlist/create", {
      token: buyer.token,
      body: { peerId: seller.id, goodsId: goods.id },
    });
    expect(opened.data.chatId).toBe(first.chatId);

    // A rival buyer offers too, in a chat of their own.
    const rivals = await madeOffer(t.app, rival.token, goods.id, 45000);
    expect(rivals.chatId).not.toBe(first.chatId);

    // The seller answers the buyer with ¥480; the buyer accepts that.
    const countered = await counterOffer(t.app, seller.token, first.id, 48000);
    expect(countered).toMatchObject({
      code: 200,
      data: { fromUserId: seller.id, buyerId: buyer.id, amountCents: 48000, status: "open", replacesId: first.id },
    });
    const counter = countered.data;
    await sockets.buyer.next(offerFrame(first.id, "countered"));
    await sockets.buyer.next(messageFrame("offer", counter.id));

    const accepted = await answerOffer(t.app, buyer.token, counter.id, "accept");
    expect(accepted).toMatchObject({
      code: 200,
      data: { id: counter.id, status: "accepted", dealId: expect.any(String) },
    });
    const dealId = accepted.data.dealId as string;
    expect(await goodsStatus(t.app, goods.id)).toBe("reserved");
    for (const socket of [sockets.buyer, sockets.seller]) {
      await socket.next(offerFrame(counter.id, "accepted"));
      expect(await socket.next(isType("deal"))).toMatchObject({
        deal: {
          id: dealId,
          goodsId: goods.id,
          chatId: first.chatId,
          offerId: counter.id,
          buyerId: buyer.id,
          sellerId: seller.id,
          priceCents: 48000,
          status: "reserved",
        },
      });
    }
    // The rival's offer is declined, with a notice in their chat.
    for (const socket of [sockets.rival, sockets.seller]) {
      await socket.next(offerFrame(rivals.id, "declined"));
      await socket.next(messageFrame("notice", PROMISED_TO_ANOTHER));
    }
    expect((await chatList(rival)).find((chat) => chat.chatId === rivals.chatId)).toMatchObject({
      lastMessage: { type: "notice", content: PROMISED_TO_ANOTHER },
      unreadCount: 1,
    });

    const trade = await chatTrade(t.app, buyer.token, first.chatId);
    expect(trade.data.offers.map((offer) => [offer.id, offer.status])).toEqual([
      [first.id, "countered"],
      [counter.id, "accepted"],
    ]);
    expect(trade.data.deal).toMatchObject({ id: dealId, status: "reserved" });

    // The seller completes the deal: the goods are sold.
    const completed = await endDeal(t.app, seller.token, dealId, "complete");
    expect(completed).toMatchObject({
      code: 200,
      data: { id: dealId, status: "completed", completedAt: expect.any(String), cancelledAt: null },
    });
    expect(await goodsStatus(t.app, goods.id)).toBe("sold");
    for (const socket of [sockets.buyer, sockets.seller]) {
      await socket.next((frame) => frame.type === "deal" && frame.deal.status === "completed");
      await socket.next(messageFrame("notice", "卖家已确认成交，交易已完成"));
    }
    expect((await chatTrade(t.app, seller.token, first.chatId)).data.deal).toMatchObject({ status: "completed" });
  });

  it("puts the goods back on sale when a deal is cancelled, and then takes offers again", async () => {
    const goods = await postGoods(t.app, seller.token);
    const offer = await madeOffer(t.app, buyer.token, goods.id, 30000);
    const dealId = (await answerOffer(t.app, seller.token, offer.id, "accept")).data.dealId as string;

    const status = (value: string) =>
      call(t.app, "PUT", `/api/goods/${goods.id}/status`, { token: seller.token, body: { status: value } });
    expect(await status("sold")).toMatchObject({ code: 1507, msg: expect.stringContaining("正在交易中") });
    expect(await call(t.app, "DELETE", `/api/goods/${goods.id}`, { token: seller.token })).toMatchObject({
      code: 1507,
    });

    const cancelled = await endDeal(t.app, buyer.token, dealId, "cancel");
    expect(cancelled).toMatchObject({ code: 200, data: { status: "cancelled", cancelledBy: buyer.id } });
    await sockets.seller.next(messageFrame("notice", "买家已取消交易，宝贝重新在售"));
    expect(await goodsStatus(t.app, goods.id)).toBe("on_sale");
    const again = await makeOffer(t.app, rival.token, goods.id, 31000);
    expect(again).toMatchObject({ code: 200, data: { status: "open" } });
    expect(await status("sold")).toMatchObject({ code: 200 });
  });
});

describe("answering an offer", () => {
  it("replaces a buyer's open offer with their new one", async () => {
    const goods = await postGoods(t.app, seller.token);
    const first = await madeOffer(t.app, buyer.token, goods.id, 20000);
    const second = await madeOffer(t.app, buyer.token, goods.id, 25000);
    expect(second).toMatchObject({ chatId: first.chatId, status: "open", replacesId: null });
    const trade = await chatTrade(t.app, seller.token, first.chatId);
    expect(trade.data.offers.map((offer) => [offer.amountCents, offer.status])).toEqual([
      [20000, "withdrawn"],
      [25000, "open"],
    ]);
    expect(trade.data.deal).toBeNull();
  });

  it("counts a buyer's new offer after the seller's counter as countering it", async () => {
    const goods = await postGoods(t.app, seller.token);
    const first = await madeOffer(t.app, buyer.token, goods.id, 20000);
    const counter = (await counterOffer(t.app, seller.token, first.id, 40000)).data;
    const answer = await madeOffer(t.app, buyer.token, goods.id, 30000);
    expect(answer).toMatchObject({ fromUserId: buyer.id, replacesId: counter.id });
    const statuses = (await chatTrade(t.app, buyer.token, first.chatId)).data.offers.map((offer) => offer.status);
    expect(statuses).toEqual(["countered", "countered", "open"]);
  });

  it("lets the seller decline and the buyer withdraw, each seen live by both", async () => {
    const goods = await postGoods(t.app, seller.token);
    const [sellerSocket, buyerSocket] = [await openSocket(base, seller.token), await openSocket(base, buyer.token)];
    const declined = await madeOffer(t.app, buyer.token, goods.id, 10000);
    expect(await answerOffer(t.app, seller.token, declined.id, "decline")).toMatchObject({
      code: 200,
      data: { status: "declined", decidedAt: expect.any(String) },
    });
    await buyerSocket.next(offerFrame(declined.id, "declined"));
    const withdrawn = await madeOffer(t.app, buyer.token, goods.id, 12000);
    expect(await answerOffer(t.app, buyer.token, withdrawn.id, "withdraw")).toMatchObject({
      data: { status: "withdrawn" },
    });
    await sellerSocket.next(offerFrame(withdrawn.id, "withdrawn"));
    await Promise.all([sellerSocket.close(), buyerSocket.close()]);
  });
});
