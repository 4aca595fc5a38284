import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../test-support/test-app.js";
import { DEMO_ADDRESSES, DEMO_CHAT, DEMO_GOODS, DEMO_PASSWORD, DEMO_USERS } from "./demo-goods.js";
import { demo } from "./demo-ids.js";

/**
 * The ids the API document's examples name, against the demo data a fresh start seeds: each names
 * what it says, on either database.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ DEMO_DATA: "true" });
  for (const { username } of DEMO_USERS) {
    const login = await call(t.app, "POST", "/api/user/login/username", {
      body: { username, password: DEMO_PASSWORD },
    });
    tokens[username] = login.data.token;
  }
});
afterAll(() => t.close());

describe("the demo data's ids", () => {
  it("name each demo user", async () => {
    for (const { username } of DEMO_USERS) {
      const profile = await call(t.app, "GET", `/api/user/${demo.user(username)}/profile`);
      expect(profile.data.username).toBe(username);
    }
  });

  it("name each demo goods, with its seller", async () => {
    for (const [index, goods] of DEMO_GOODS.entries()) {
      const reply = await call(t.app, "GET", `/api/goods/info/${demo.goods(index)}`);
      expect(reply.data).toMatchObject({ title: goods.title, seller: { username: demo.sellerOf(index) } });
    }
    expect(() => demo.goods(DEMO_GOODS.length)).toThrow();
  });

  it("name the demo chat and each trade's chat, offer and deal", async () => {
    const history = await call(t.app, "GET", `/api/chat/getlist?chatId=${demo.chat}`, {
      token: tokens[DEMO_CHAT.buyer],
    });
    expect(history.data.list.map((message: { content: string }) => message.content)).toEqual(
      expect.arrayContaining(DEMO_CHAT.messages.map((message) => message.text)),
    );

    const open = demo.trade.open;
    const trade = await call(t.app, "GET", `/api/offers?chatId=${demo.tradeChat("open")}`, {
      token: tokens[open.buyer],
    });
    expect(trade.data.offers).toEqual([
      expect.objectContaining({
        id: demo.offer("open"),
        goodsId: demo.goods(open.goodsIndex),
        chatId: demo.tradeChat("open"),
        status: "open",
      }),
    ]);

    const reserved = demo.trade.reserved;
    const deals = await call(t.app, "GET", "/api/deals?role=buyer", { token: tokens[reserved.buyer] });
    expect(deals.data.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: demo.deal("reserved"), status: "reserved" })]),
    );
    const sold = demo.trade.reviewedByBuyerOnly;
    const sales = await call(t.app, "GET", "/api/deals?role=seller", { token: tokens[demo.sellerOf(sold.goodsIndex)] });
    expect(sales.data.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: demo.deal("reviewedByBuyerOnly"), status: "completed" })]),
    );
  });

  it("name each demo user's address", async () => {
    for (const username of Object.keys(DEMO_ADDRESSES) as (keyof typeof DEMO_ADDRESSES)[]) {
      const book = await call(t.app, "GET", "/api/addresses", { token: tokens[username] });
      expect(book.data.map((address: { id: string }) => address.id)).toEqual([demo.address(username)]);
    }
  });
});
