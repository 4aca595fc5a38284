import type { Offer, ServerFrame } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { listen, openSocket } from "../../test-support/sockets.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import {
  answerOffer,
  counterOffer,
  goodsStatus,
  madeOffer,
  makeOffer,
  refusedWithoutWriting,
} from "../../test-support/trade.js";

/**
 * A block stops offers both ways: it closes the open offers between the two, and accepting or
 * countering one made before it answers the block's error, also when both are pressed at the same
 * moment (on PostgreSQL over several connections).
 */
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(() => t.close());

const YOU_BLOCKED_THEM = { code: 1706, msg: "你已拉黑对方，解除拉黑后才能继续" };
const THEY_BLOCKED_YOU = { code: 1707, msg: "对方已拒绝与你互动" };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newUser = () => registerUser(t.app, t.dataDir);
const block = (user: RegisteredUser, other: RegisteredUser) =>
  call(t.app, "POST", "/api/blocks", { token: user.token, body: { userId: other.id } });
const unblock = (user: RegisteredUser, other: RegisteredUser) =>
  call(t.app, "DELETE", `/api/blocks/${other.id}`, { token: user.token });

const offerRow = (id: string) =>
  t.app.db.selectFrom("offers").selectAll().where("id", "=", Number(id)).executeTakeFirstOrThrow();
const statusOf = async (offer: Offer) => (await offerRow(offer.id)).status;
const dealsOf = (goodsId: string) =>
  t.app.db.selectFrom("deals").selectAll().where("goodsId", "=", Number(goodsId)).execute();

/** The offers stored as open between the two, either way. */
const openOffersBetween = (user: RegisteredUser, other: RegisteredUser) =>
  t.app.db
    .selectFrom("offers")
    .select("id")
    .where("status", "=", "open")
    .where((eb) =>
      eb.or([
        eb.and([eb("buyerId", "=", Number(user.id)), eb("sellerId", "=", Number(other.id))]),
        eb.and([eb("buyerId", "=", Number(other.id)), eb("sellerId", "=", Number(user.id))]),
      ]),
    )
    .execute();

const blockExists = async (blocker: RegisteredUser, blocked: RegisteredUser) =>
  (await t.app.db
    .selectFrom("blocks")
    .select("blockerId")
    .where("blockerId", "=", Number(blocker.id))
    .where("blockedId", "=", Number(blocked.id))
    .executeTakeFirst()) !== undefined;

const isOfferFrame = (offerId: string, status: string) => (frame: ServerFrame) =>
  frame.type === "offer" && frame.offer.id === offerId && frame.offer.status === status;

/** A buyer's offer on the seller's new goods, and the seller's counter-offer to it (open). */
async function counteredOffer(seller: RegisteredUser, buyer: RegisteredUser) {
  const goods = await postGoods(t.app, seller.token, { priceCents: 10000 });
  const offer = await madeOffer(t.app, buyer.token, goods.id, 5000);
  const counter = (await counterOffer(t.app, seller.token, offer.id, 6000)).data;
  return { goods, offer, counter };
}

describe("a block and the offers between the two", () => {
  it("closes every open offer between them, both ways, tells both sides, and leaves others' offers open", async () => {
    const [seller, buyer, other] = [await newUser(), await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token, { priceCents: 10000 });
    const fromBuyer = await madeOffer(t.app, buyer.token, goods.id, 5000);
    const fromOther = await madeOffer(t.app, other.token, goods.id, 4000);
    const { offer: countered, counter } = await counteredOffer(seller, buyer);
    // The seller buys from the buyer too: an offer of the blocker's, as buyer.
    const buyersGoods = await postGoods(t.app, buyer.token, { priceCents: 8000 });
    const fromSeller = await madeOffer(t.app, seller.token, buyersGoods.id, 3000);
    // One left open past its time: written down as expired, as the sweep would.
    const stale = await madeOffer(t.app, buyer.token, (await postGoods(t.app, seller.token)).id, 2000);
    await t.app.db
      .updateTable("offers")
      .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", Number(stale.id))
      .execute();
    const [sellerSocket, buyerSocket] = [await openSocket(base, seller.token), await openSocket(base, buyer.token)];

    expect(await block(seller, buyer)).toMatchObject({ code: 200, msg: "已拉黑" });

    expect(await statusOf(fromBuyer)).toBe("declined");
    expect(await statusOf(counter)).toBe("withdrawn");
    expect(await statusOf(countered)).toBe("countered");
    expect(await statusOf(fromSeller)).toBe("withdrawn");
    expect(await statusOf(stale)).toBe("expired");
    expect(await statusOf(fromOther)).toBe("open");
    expect(await openOffersBetween(seller, buyer)).toEqual([]);
    expect((await offerRow(fromBuyer.id)).decidedAt).not.toBeNull();
    for (const socket of [sellerSocket, buyerSocket]) {
      await socket.next(isOfferFrame(fromBuyer.id, "declined"));
      await socket.next(isOfferFrame(counter.id, "withdrawn"));
      await socket.next(isOfferFrame(fromSeller.id, "withdrawn"));
      await socket.close();
    }
    const told = await t.app.db
      .selectFrom("notifications")
      .select(["kind", "actorId", "amountCents"])
      .where("userId", "=", Number(buyer.id))
      .where("kind", "=", "offer_declined")
      .execute();
    expect(told).toEqual([{ kind: "offer_declined", actorId: Number(seller.id), amountCents: 5000 }]);
    const trade = await call(t.app, "GET", `/api/offers?chatId=${fromBuyer.chatId}`, { token: buyer.token });
    expect(trade.data.offers.map((offer: Offer) => offer.status)).toEqual(["declined"]);
  });

  it("refuses the blocked buyer accepting or countering the blocker's earlier counter-offer, writing nothing", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    const { goods, counter } = await counteredOffer(seller, buyer);
    await block(seller, buyer);

    await refusedWithoutWriting(t, () => answerOffer(t.app, buyer.token, counter.id, "accept"), THEY_BLOCKED_YOU);
    await refusedWithoutWriting(t, () => counterOffer(t.app, buyer.token, counter.id, 5500), THEY_BLOCKED_YOU);
    expect(await dealsOf(goods.id)).toEqual([]);
    expect(await goodsStatus(t.app, goods.id)).toBe("on_sale");
  });

  it("refuses the blocker accepting or countering an earlier offer of the blocked user, writing nothing", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token, { priceCents: 10000 });
    const offer = await madeOffer(t.app, buyer.token, goods.id, 5000);
    await block(seller, buyer);

    await refusedWithoutWriting(t, () => answerOffer(t.app, seller.token, offer.id, "accept"), YOU_BLOCKED_THEM);
    await refusedWithoutWriting(t, () => counterOffer(t.app, seller.token, offer.id, 7000), YOU_BLOCKED_THEM);
    expect(await dealsOf(goods.id)).toEqual([]);
    expect(await goodsStatus(t.app, goods.id)).toBe("on_sale");

    // Unblocked, the offer stays closed: it says what became of it.
    await unblock(seller, buyer);
    expect(await answerOffer(t.app, seller.token, offer.id, "accept")).toMatchObject({
      code: 1504,
      msg: "这个出价已拒绝",
    });
  });

  it("refuses the seller accepting the offer of a buyer who blocked them", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token, { priceCents: 10000 });
    const offer = await madeOffer(t.app, buyer.token, goods.id, 5000);
    await block(buyer, seller);

    expect(await statusOf(offer)).toBe("withdrawn");
    await refusedWithoutWriting(t, () => answerOffer(t.app, seller.token, offer.id, "accept"), THEY_BLOCKED_YOU);
    expect(await goodsStatus(t.app, goods.id)).toBe("on_sale");
  });
});

describe("a block and a trade at the same moment", () => {
  const ROUNDS = 8;

  /**
   * Each round: an open counter-offer to the buyer (even rounds: the buyer accepts it while the
   * seller blocks) or an open offer to the seller (odd rounds: the seller accepts it while the buyer
   * blocks), and another open offer between them that the block must close.
   */
  it("gives one consistent result: the block first (accept refused, no deal) or the accept first (the deal stands)", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    const outcomes = { blockFirst: 0, acceptFirst: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const sellerBlocks = round % 2 === 0;
      const { goods, offer, counter } = await counteredOffer(seller, buyer);
      // Odd rounds: the buyer's new offer replaces the counter, open to the seller.
      const pending = sellerBlocks ? counter : await madeOffer(t.app, buyer.token, goods.id, 5500);
      const other = await madeOffer(t.app, buyer.token, (await postGoods(t.app, seller.token)).id, 1000);
      const [blocker, blocked] = sellerBlocks ? [seller, buyer] : [buyer, seller];
      const acceptor = sellerBlocks ? buyer : seller;

      // The accept starts with the block, or a moment after it (a few ms: on SQLite, where
      // transactions take turns, so the block's can come first too).
      const [blocking, accepting] = await Promise.all([
        block(blocker, blocked),
        sleep(round % 4).then(() => answerOffer(t.app, acceptor.token, pending.id, "accept")),
      ]);

      expect(blocking.code, blocking.msg).toBe(200);
      expect(await blockExists(blocker, blocked)).toBe(true);
      expect(await openOffersBetween(seller, buyer)).toEqual([]);
      // The blocker's own offers are withdrawn, the blocked user's declined.
      expect(await statusOf(other)).toBe(sellerBlocks ? "declined" : "withdrawn");
      const deals = await dealsOf(goods.id);
      if (accepting.code === 200) {
        outcomes.acceptFirst++;
        expect(await statusOf(pending)).toBe("accepted");
        expect(deals).toHaveLength(1);
        expect(deals[0]).toMatchObject({ status: "reserved", offerId: Number(pending.id) });
        expect(await goodsStatus(t.app, goods.id)).toBe("reserved");
      } else {
        outcomes.blockFirst++;
        expect(accepting).toMatchObject(THEY_BLOCKED_YOU);
        expect(await statusOf(pending)).toBe("withdrawn");
        expect(deals).toEqual([]);
        expect(await goodsStatus(t.app, goods.id)).toBe("on_sale");
      }
      expect(await statusOf(offer)).toBe("countered");
      expect((await unblock(blocker, blocked)).code).toBe(200);
    }
    expect(outcomes.blockFirst + outcomes.acceptFirst).toBe(ROUNDS);
  });

  it("never leaves an offer or counter-offer made at the moment of a block open", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    for (let round = 0; round < ROUNDS; round++) {
      const { goods, counter } = await counteredOffer(seller, buyer);
      const more = await postGoods(t.app, seller.token);
      const [blocking, offering, countering] = await Promise.all([
        block(seller, buyer),
        makeOffer(t.app, buyer.token, more.id, 1000),
        counterOffer(t.app, buyer.token, counter.id, 5500),
      ]);
      expect(blocking.code, blocking.msg).toBe(200);
      for (const reply of [offering, countering]) {
        if (reply.code !== 200) expect(reply).toMatchObject(THEY_BLOCKED_YOU);
      }
      expect(await openOffersBetween(seller, buyer)).toEqual([]);
      expect(await dealsOf(goods.id)).toEqual([]);
      await unblock(seller, buyer);
    }
  });
});
