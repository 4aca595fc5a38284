import type { NotificationPage } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceDeps } from "../../services.js";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { answerOffer, counterOffer, endDeal, madeOffer, makeOffer } from "../../test-support/trade.js";
import { remindExpiringOffers } from "./offer-service.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = () => registerUser(t.app, t.dataDir);
/** The user's notifications, oldest first, as kind, actor and amount. */
const toldTo = async (user: RegisteredUser) => {
  const page = await call<NotificationPage>(t.app, "GET", "/api/notifications", { token: user.token });
  return page.data.list.map((item) => [item.kind, item.actor?.id ?? null, item.amountCents] as const).reverse();
};

describe("notifications of offers and deals", () => {
  it("tells each side of offers, counters, acceptance, the others declined, and completion", async () => {
    const [seller, buyer, other] = [await newUser(), await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token, { priceCents: 10000 });
    const offer = await madeOffer(t.app, buyer.token, goods.id, 8000);
    await madeOffer(t.app, other.token, goods.id, 7000);
    const counter = await counterOffer(t.app, seller.token, offer.id, 9000);
    const accepted = await answerOffer(t.app, buyer.token, counter.data.id, "accept");
    await endDeal(t.app, seller.token, accepted.data.dealId as string, "complete");

    expect(await toldTo(seller)).toEqual([
      ["offer_received", buyer.id, 8000],
      ["offer_received", other.id, 7000],
      ["offer_accepted", buyer.id, 9000],
    ]);
    expect(await toldTo(buyer)).toEqual([
      ["offer_countered", seller.id, 9000],
      ["deal_completed", seller.id, null],
    ]);
    expect(await toldTo(other)).toEqual([["offer_declined", seller.id, 7000]]);
  });

  it("reminds the side an offer was made to, once, when two hours are left", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token, { priceCents: 10000 });
    const offer = await madeOffer(t.app, buyer.token, goods.id, 8000);
    await remindExpiringOffers(serviceDeps(t.app));
    expect(await toldTo(seller)).toEqual([["offer_received", buyer.id, 8000]]);

    const soon = new Date(Date.now() + 3_600_000).toISOString();
    await t.app.db.updateTable("offers").set({ expiresAt: soon }).where("id", "=", Number(offer.id)).execute();
    await remindExpiringOffers(serviceDeps(t.app));
    await remindExpiringOffers(serviceDeps(t.app));
    expect(await toldTo(seller)).toEqual([
      ["offer_received", buyer.id, 8000],
      ["offer_expiring", buyer.id, 8000],
    ]);
  });

  it("refuses an offer between a blocked pair", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token, { priceCents: 10000 });
    await call(t.app, "POST", "/api/blocks", { token: seller.token, body: { userId: buyer.id } });
    expect(await makeOffer(t.app, buyer.token, goods.id, 5000)).toMatchObject({ code: 1707 });
  });
});
