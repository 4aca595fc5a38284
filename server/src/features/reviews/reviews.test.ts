import type { DealSummary, Page, Review } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { interleaveStatements } from "../../test-support/interleaving.js";
import { countRows } from "../../test-support/route-table.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { answerOffer, completedDeal, madeOffer } from "../../test-support/trade.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = () => registerUser(t.app, t.dataDir);
const review = (user: RegisteredUser, dealId: string, rating: number, content = "") =>
  call<Review>(t.app, "POST", "/api/reviews", { token: user.token, body: { dealId, rating, content } });
const shownAbout = async (user: RegisteredUser) =>
  (await call<Page<Review>>(t.app, "GET", `/api/user/${user.id}/reviews`)).data;
const profileOf = async (user: RegisteredUser) => (await call(t.app, "GET", `/api/user/${user.id}/profile`)).data;
const dealsOf = async (user: RegisteredUser, role: "buyer" | "seller") =>
  (await call<Page<DealSummary>>(t.app, "GET", `/api/deals?role=${role}`, { token: user.token })).data;

/** Moves a deal's completion and its reviews' showing back by `days`, as if that time had passed. */
async function daysPass(dealId: string, days: number) {
  const back = (iso: string | null) => iso && new Date(Date.parse(iso) - days * 86_400_000).toISOString();
  const deal = await t.app.db
    .selectFrom("deals")
    .select("completedAt")
    .where("id", "=", Number(dealId))
    .executeTakeFirstOrThrow();
  await t.app.db
    .updateTable("deals")
    .set({ completedAt: back(deal.completedAt) })
    .where("id", "=", Number(dealId))
    .execute();
  for (const row of await t.app.db
    .selectFrom("reviews")
    .select(["id", "visibleFrom"])
    .where("dealId", "=", Number(dealId))
    .execute()) {
    await t.app.db
      .updateTable("reviews")
      .set({ visibleFrom: back(row.visibleFrom) as string })
      .where("id", "=", row.id)
      .execute();
  }
}

describe("reviews after a completed deal", () => {
  it("shows neither review until both are written, then both, with the rating on each page", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    const { dealId } = await completedDeal(t.app, seller, buyer, { title: "九成新 索尼耳机" });

    const byBuyer = await review(buyer, dealId, 5, "东西很好，卖家很爽快");
    expect(byBuyer).toMatchObject({
      code: 200,
      data: { rating: 5, revieweeId: seller.id, revieweeRole: "seller", goodsTitle: "九成新 索尼耳机" },
    });
    expect((await shownAbout(seller)).list).toEqual([]);
    expect(await profileOf(seller)).toMatchObject({ ratingAverage: null, ratingCount: 0, completedSales: 1 });
    const [sellersDeal] = (await dealsOf(seller, "seller")).list;
    expect(sellersDeal).toMatchObject({ status: "completed", peerReviewed: true, peerReview: null, myReview: null });

    await review(seller, dealId, 4, "买家准时付款");
    expect((await shownAbout(seller)).list.map((shown) => shown.content)).toEqual(["东西很好，卖家很爽快"]);
    expect((await shownAbout(buyer)).list.map((shown) => [shown.rating, shown.revieweeRole])).toEqual([[4, "buyer"]]);
    expect(await profileOf(seller)).toMatchObject({ ratingAverage: 5, ratingCount: 1 });
    const [buyersDeal] = (await dealsOf(buyer, "buyer")).list;
    expect(buyersDeal?.peer.id).toBe(seller.id);
    expect(buyersDeal?.myReview?.rating).toBe(5);
    expect(buyersDeal?.peerReview?.content).toBe("买家准时付款");
  });

  it("shows a one-sided review once the 14 days are over, and then takes no more", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    const { dealId } = await completedDeal(t.app, seller, buyer);
    await daysPass(dealId, 13);
    await review(buyer, dealId, 2, "描述不符");
    expect((await shownAbout(seller)).list).toEqual([]);
    await daysPass(dealId, 2);
    expect((await shownAbout(seller)).list.map((shown) => shown.rating)).toEqual([2]);
    expect(await review(seller, dealId, 5)).toMatchObject({ code: 1508, msg: "只能在成交后 14 天内评价交易对方" });
  });

  it("refuses a stranger, a deal not completed, a second review and bad stars, writing nothing", async () => {
    const [seller, buyer, stranger] = [await newUser(), await newUser(), await newUser()];
    const { dealId } = await completedDeal(t.app, seller, buyer);
    await review(buyer, dealId, 5);
    const goods = await postGoods(t.app, seller.token);
    const offer = await madeOffer(t.app, buyer.token, goods.id, 100);
    const reserved = (await answerOffer(t.app, seller.token, offer.id, "accept")).data.dealId as string;
    const before = await countRows(t.app.db, t.database);

    expect(await review(stranger, dealId, 5)).toMatchObject({ status: 403, msg: "只有交易双方可以操作" });
    expect(await review(buyer, reserved, 5)).toMatchObject({ code: 1508 });
    expect(await review(buyer, dealId, 4)).toMatchObject({ code: 1509, msg: "你已经评价过这笔交易" });
    expect(await review(buyer, "99999999", 5)).toMatchObject({ status: 404, msg: "交易不存在" });
    for (const rating of [0, 6, 4.5]) expect((await review(seller, dealId, rating)).status).toBe(400);
    expect((await review(seller, dealId, 5, "长".repeat(501))).status).toBe(400);
    expect(await countRows(t.app.db, t.database)).toEqual(before);
  });

  it("lists the caller's purchases and sales, every status, newest first", async () => {
    const [seller, buyer] = [await newUser(), await newUser()];
    const done = await completedDeal(t.app, seller, buyer, { title: "已成交的台灯" });
    const goods = await postGoods(t.app, seller.token, { title: "交易中的椅子" });
    const offer = await madeOffer(t.app, buyer.token, goods.id, 100);
    await answerOffer(t.app, seller.token, offer.id, "accept");
    const bought = await dealsOf(buyer, "buyer");
    expect(bought.total).toBe(2);
    expect(bought.list.map((deal) => [deal.goods.title, deal.status, deal.reviewDeadline !== null])).toEqual([
      ["交易中的椅子", "reserved", false],
      ["已成交的台灯", "completed", true],
    ]);
    expect(bought.list[1]?.id).toBe(done.dealId);
    expect((await dealsOf(buyer, "seller")).list).toEqual([]);
    expect((await call(t.app, "GET", "/api/deals?role=owner", { token: buyer.token })).status).toBe(400);
  });
});

describe("reviews written at once", () => {
  // Statements of requests side by side interleave (test-support/interleaving.ts), on SQLite too.
  // One review per side stands on the unique index, and both show because each side counts after
  // its own insert, so the later count sees both: the races hold even without the transaction,
  // which keeps a review, its reveal and its notification whole (tried: taking it away fails none).
  let raced: TestApp;
  beforeAll(async () => {
    raced = await createTestApp({}, { databasePlugins: [interleaveStatements] });
  });
  afterAll(() => raced.close());

  const reviewIn = (user: RegisteredUser, dealId: string, rating: number) =>
    call<Review>(raced.app, "POST", "/api/reviews", { token: user.token, body: { dealId, rating, content: "" } });

  it("makes one review of two sent at once", async () => {
    const [seller, buyer] = [
      await registerUser(raced.app, raced.dataDir),
      await registerUser(raced.app, raced.dataDir),
    ];
    const { dealId } = await completedDeal(raced.app, seller, buyer);
    const twice = await Promise.all([reviewIn(buyer, dealId, 5), reviewIn(buyer, dealId, 1)]);
    expect(twice.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 1509]);
  });

  it("shows both when the two sides write at the same moment", async () => {
    const [seller, buyer] = [
      await registerUser(raced.app, raced.dataDir),
      await registerUser(raced.app, raced.dataDir),
    ];
    for (let round = 0; round < 5; round++) {
      const { dealId } = await completedDeal(raced.app, seller, buyer);
      await Promise.all([reviewIn(buyer, dealId, 5), reviewIn(seller, dealId, 4)]);
      const shown = await call<Page<Review>>(raced.app, "GET", `/api/user/${buyer.id}/reviews?pageSize=50`);
      expect(shown.data.list.map((item) => item.dealId)).toContain(dealId);
    }
  });
});
