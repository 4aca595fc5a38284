import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { interleaveStatements } from "../../test-support/interleaving.js";
import { type ApiReply, call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { answerOffer, endDeal, goodsStatus, madeOffer, refusedWithoutWriting } from "../../test-support/trade.js";

let t: TestApp;
let seller: RegisteredUser;
let buyer: RegisteredUser;
let stranger: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({}, { databasePlugins: [interleaveStatements] });
  [seller, buyer, stranger] = [
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
  ];
});
afterAll(() => t.close());

const refused = (request: () => Promise<ApiReply>, expected: Partial<ApiReply>) =>
  refusedWithoutWriting(t, request, expected);

/** A deal's status and its goods' status, which move together. */
const MATCHING_STATES = [
  ["reserved", "reserved"],
  ["completed", "sold"],
  ["cancelled", "on_sale"],
];

/**
 * Reads the deal's status and its goods' in one statement, again and again, until stopped: what
 * anyone reading while the deal changes sees (each read lets the writers run before the next).
 */
function watchDealAndGoods(dealId: string) {
  let watching = true;
  const read = () =>
    t.app.db
      .selectFrom("deals")
      .innerJoin("goods", "goods.id", "deals.goodsId")
      .select(["deals.status as deal", "goods.status as goods"])
      .where("deals.id", "=", Number(dealId))
      .executeTakeFirstOrThrow();
  const seen = (async () => {
    const pairs: string[][] = [];
    while (watching) {
      const { deal, goods } = await read();
      pairs.push([deal, goods]);
    }
    return pairs;
  })();
  return {
    seen,
    stop: () => {
      watching = false;
    },
  };
}

/** A deal reserved for the buyer on fresh goods of the seller's. */
async function reservedDeal() {
  const goods = await postGoods(t.app, seller.token);
  const offer = await madeOffer(t.app, buyer.token, goods.id, 100);
  const dealId = (await answerOffer(t.app, seller.token, offer.id, "accept")).data.dealId as string;
  return { goodsId: goods.id, dealId };
}

describe("ending a deal", () => {
  it("lets only the seller complete, only the two sides cancel, and a deal end once", async () => {
    const { dealId } = await reservedDeal();

    await refused(() => endDeal(t.app, buyer.token, dealId, "complete"), {
      status: 403,
      msg: "只有卖家可以确认成交",
    });
    for (const action of ["complete", "cancel"] as const) {
      await refused(() => endDeal(t.app, stranger.token, dealId, action), {
        status: 403,
        msg: "只有交易双方可以操作",
      });
      await refused(() => endDeal(t.app, seller.token, "999999", action), {
        status: 404,
        msg: "交易不存在",
      });
    }
    expect(await endDeal(t.app, seller.token, dealId, "complete")).toMatchObject({ code: 200 });
    await refused(() => endDeal(t.app, buyer.token, dealId, "cancel"), {
      code: 1506,
      msg: "这笔交易已成交",
    });
    await refused(() => endDeal(t.app, seller.token, dealId, "complete"), { code: 1506 });
  });
});

describe("the goods of a deal", () => {
  it("leave the public list when sold and stay on it when the deal is cancelled", async () => {
    const listed = async () => (await call(t.app, "GET", "/api/goods/getlist?category=sports")).data.total as number;
    const first = await reservedDeal();
    const second = await reservedDeal();
    const before = await listed();
    await endDeal(t.app, buyer.token, first.dealId, "cancel");
    expect([await goodsStatus(t.app, first.goodsId), await listed()]).toEqual(["on_sale", before]);
    await endDeal(t.app, seller.token, second.dealId, "complete");
    expect([await goodsStatus(t.app, second.goodsId), await listed()]).toEqual(["sold", before - 1]);
    await refused(() => endDeal(t.app, seller.token, first.dealId, "cancel"), { code: 1506, msg: "这笔交易已取消" });
  });

  it("are sold or back on sale, never both, when complete and cancel are pressed together", async () => {
    for (let round = 0; round < 4; round++) {
      const { goodsId, dealId } = await reservedDeal();
      // Someone reading all along sees the deal and its goods move together, never one without the other.
      const watching = watchDealAndGoods(dealId);
      const [completed, cancelled] = await Promise.all([
        endDeal(t.app, seller.token, dealId, "complete"),
        endDeal(t.app, buyer.token, dealId, "cancel"),
      ]).finally(watching.stop);
      for (const pair of await watching.seen) expect(MATCHING_STATES).toContainEqual(pair);
      expect([completed.code, cancelled.code].sort((a, b) => a - b)).toEqual([200, 1506]);
      const deal = await t.app.db
        .selectFrom("deals")
        .select("status")
        .where("id", "=", Number(dealId))
        .executeTakeFirst();
      const expected = completed.code === 200 ? ["completed", "sold"] : ["cancelled", "on_sale"];
      expect([deal?.status, await goodsStatus(t.app, goodsId)]).toEqual(expected);
    }
  });
});
