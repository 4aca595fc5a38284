import { TradeLimits } from "@xianzhi/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { serviceDeps } from "../../services.js";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { countRows } from "../../test-support/route-table.js";
import { listen, openSocket } from "../../test-support/sockets.js";
import { createTestApp, type TestApp } from "../../test-support/test-app.js";
import { answerOffer, chatTrade, madeOffer } from "../../test-support/trade.js";
import { expireOffers } from "./offer-service.js";

let t: TestApp;
let base: string;
let seller: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
  [seller, buyer] = [await registerUser(t.app, t.dataDir), await registerUser(t.app, t.dataDir)];
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** The clock moved past an offer's time (only Date: sockets and timers run as they do). */
const dayLater = () =>
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + TradeLimits.offerHours * 3600 * 1000 + 1000 });

const storedStatuses = async (goodsId: string) =>
  (
    await t.app.db.selectFrom("offers").select("status").where("goodsId", "=", Number(goodsId)).orderBy("id").execute()
  ).map((row) => row.status);

describe("an offer left unanswered", () => {
  it("reads as expired after its time, cannot be accepted, and is written down by the sweep", async () => {
    const goods = await postGoods(t.app, seller.token);
    const offer = await madeOffer(t.app, buyer.token, goods.id, 1000);
    const sellerSocket = await openSocket(base, seller.token);
    dayLater();

    const read = (await chatTrade(t.app, buyer.token, offer.chatId)).data.offers[0];
    expect(read).toMatchObject({ id: offer.id, status: "expired", decidedAt: offer.expiresAt });
    const before = await countRows(t.app.db, t.database);
    expect(await answerOffer(t.app, seller.token, offer.id, "accept")).toMatchObject({
      code: 1504,
      msg: "这个出价已过期",
    });
    expect(await countRows(t.app.db, t.database)).toEqual(before);
    expect(await storedStatuses(goods.id)).toEqual(["open"]);

    expect(await expireOffers(serviceDeps(t.app))).toBeGreaterThanOrEqual(1);
    expect(await storedStatuses(goods.id)).toEqual(["expired"]);
    expect(await sellerSocket.next((frame) => frame.type === "offer" && frame.offer.id === offer.id)).toMatchObject({
      offer: { status: "expired", decidedAt: offer.expiresAt },
    });
    // What was read before the sweep is what is read after it.
    expect((await chatTrade(t.app, seller.token, offer.chatId)).data.offers[0]).toEqual(read);
    expect(await expireOffers(serviceDeps(t.app))).toBe(0);
    await sellerSocket.close();
  });

  it("gives way to the buyer's next offer before any sweep", async () => {
    const goods = await postGoods(t.app, seller.token);
    await madeOffer(t.app, buyer.token, goods.id, 1000);
    dayLater();
    const next = await madeOffer(t.app, buyer.token, goods.id, 1200);
    expect(next).toMatchObject({ status: "open", replacesId: null });
    expect(await storedStatuses(goods.id)).toEqual(["expired", "open"]);
  });
});
