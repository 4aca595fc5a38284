import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { interleaveStatements } from "../../test-support/interleaving.js";
import { createTestApp, type TestApp } from "../../test-support/test-app.js";
import { answerOffer, goodsStatus, madeOffer, makeOffer } from "../../test-support/trade.js";

/**
 * Two people pressing at the same moment: the requests run side by side, each letting the others
 * run after every statement (on PostgreSQL over several connections too), and the database's
 * transactions and conditional updates decide. Each race runs a few rounds, each on goods of its own.
 */
let t: TestApp;
let seller: RegisteredUser;
let buyers: RegisteredUser[];
const ROUNDS = 4;

beforeAll(async () => {
  t = await createTestApp({}, { databasePlugins: [interleaveStatements] });
  seller = await registerUser(t.app, t.dataDir);
  buyers = [];
  for (let i = 0; i < 4; i++) buyers.push(await registerUser(t.app, t.dataDir));
});
afterAll(() => t.close());

const dealsOf = (goodsId: string) =>
  t.app.db.selectFrom("deals").selectAll().where("goodsId", "=", Number(goodsId)).execute();

describe("accepting at the same moment", () => {
  it("reserves the goods for one buyer when several offers are accepted at once", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const goods = await postGoods(t.app, seller.token);
      const offers = [];
      for (const [i, buyer] of buyers.entries()) offers.push(await madeOffer(t.app, buyer.token, goods.id, 1000 + i));
      const replies = await Promise.all(offers.map((offer) => answerOffer(t.app, seller.token, offer.id, "accept")));

      const winners = replies.filter((reply) => reply.code === 200);
      expect(winners).toHaveLength(1);
      for (const loser of replies.filter((reply) => reply.code !== 200)) {
        expect([1502, 1504], loser.msg).toContain(loser.code);
      }
      const winner = winners[0]?.data;
      const deals = await dealsOf(goods.id);
      expect(deals).toHaveLength(1);
      expect(deals[0]).toMatchObject({
        status: "reserved",
        buyerId: Number(winner?.buyerId),
        offerId: Number(winner?.id),
      });
      expect(await goodsStatus(t.app, goods.id)).toBe("reserved");
      const statuses = await t.app.db
        .selectFrom("offers")
        .select("status")
        .where("goodsId", "=", Number(goods.id))
        .execute();
      expect(statuses.map((row) => row.status).sort()).toEqual(["accepted", "declined", "declined", "declined"]);
    }
  });

  it("accepts one offer pressed twice once", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const goods = await postGoods(t.app, seller.token);
      const offer = await madeOffer(t.app, buyers[0]?.token as string, goods.id, 1000);
      const replies = await Promise.all([1, 2, 3].map(() => answerOffer(t.app, seller.token, offer.id, "accept")));
      expect(replies.filter((reply) => reply.code === 200)).toHaveLength(1);
      for (const loser of replies.filter((reply) => reply.code !== 200)) {
        expect(loser).toMatchObject({ code: 1504, msg: "这个出价已接受" });
      }
      expect(await dealsOf(goods.id)).toHaveLength(1);
    }
  });
});

describe("accepting and withdrawing at the same moment", () => {
  it("ends in one of the two whole: a deal of the accepted offer, or a withdrawn offer and the goods on sale", async () => {
    for (let round = 0; round < ROUNDS * 2; round++) {
      const goods = await postGoods(t.app, seller.token);
      const buyer = buyers[round % buyers.length] as RegisteredUser;
      const offer = await madeOffer(t.app, buyer.token, goods.id, 1000);
      const [accepting, withdrawing] = await Promise.all([
        answerOffer(t.app, seller.token, offer.id, "accept"),
        answerOffer(t.app, buyer.token, offer.id, "withdraw"),
      ]);
      expect([accepting.code, withdrawing.code].filter((code) => code === 200)).toHaveLength(1);
      const deals = await dealsOf(goods.id);
      const { status } = await t.app.db
        .selectFrom("offers")
        .select("status")
        .where("id", "=", Number(offer.id))
        .executeTakeFirstOrThrow();
      if (accepting.code === 200) {
        expect(status).toBe("accepted");
        expect(deals).toHaveLength(1);
        expect(await goodsStatus(t.app, goods.id)).toBe("reserved");
      } else {
        expect(status).toBe("withdrawn");
        expect(deals).toEqual([]);
        expect(await goodsStatus(t.app, goods.id)).toBe("on_sale");
      }
    }
  });
});

describe("offering at the same moment", () => {
  it("keeps one open offer per buyer and goods when a buyer sends several at once", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const goods = await postGoods(t.app, seller.token);
      const buyer = buyers[0] as RegisteredUser;
      const replies = await Promise.all([1, 2, 3].map((i) => makeOffer(t.app, buyer.token, goods.id, 1000 * i)));
      expect(replies.map((reply) => reply.code)).toEqual([200, 200, 200]);
      const rows = await t.app.db
        .selectFrom("offers")
        .select(["status", "chatId"])
        .where("goodsId", "=", Number(goods.id))
        .execute();
      expect(rows.map((row) => row.status).sort()).toEqual(["open", "withdrawn", "withdrawn"]);
      expect(new Set(rows.map((row) => row.chatId)).size).toBe(1);
    }
  });
});
