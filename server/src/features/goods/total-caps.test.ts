import { GoodsLimits } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../../test-support/accounts.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
/** Goods of each kind: a few past the cap. */
const many = GoodsLimits.searchTotalCap + 5;
/** The numbers of the newest `count` goods of a kind, newest first. */
const newest = (count: number) => Array.from({ length: count }, (_, i) => many - 1 - i);
beforeAll(async () => {
  t = await createTestApp();
  const seller = await registerUser(t.app, t.dataDir);
  const now = new Date().toISOString();
  const goods = (title: string, description: string, priceCents: number) => ({
    sellerId: Number(seller.id),
    title,
    description,
    priceCents,
    category: "phones",
    condition: "good",
    location: "",
    status: "on_sale",
    listed: 1,
    createdAt: now,
    updatedAt: now,
  });
  const rows = [
    // 耳机: a few oldest goods say it in the title, many newer ones only in the description.
    ...["头戴耳机 甲", "头戴耳机 乙", "头戴耳机 丙"].map((title) => goods(title, "", 100)),
    ...Array.from({ length: many }, (_, i) => goods(`蓝牙音箱 ${i}`, "附送有线耳机一副", i)),
    ...Array.from({ length: many }, (_, i) => goods(`批量二手手机 ${i}`, "", i)),
  ];
  for (let start = 0; start < rows.length; start += 1000) {
    await t.app.db
      .insertInto("goods")
      .values(rows.slice(start, start + 1000))
      .execute();
  }
});
afterAll(() => t.close());

describe("search totals", () => {
  it.each(["手机", "二手手机"])("stop counting at the cap and say so: %s", async (keyword) => {
    const reply = await call(t.app, "GET", `/api/goods/search/list?keyword=${encodeURIComponent(keyword)}&pageSize=5`);
    expect(reply.data).toMatchObject({ total: GoodsLimits.searchTotalCap, totalCapped: true });
    expect(reply.data.list.map((goods: { title: string }) => goods.title)).toEqual(
      newest(5).map((n) => `批量二手手机 ${n}`),
    );
  });

  it("orders a capped search by price or popularity among the newest matches it counted", async () => {
    const search = (sort: string, page = 1) =>
      call(t.app, "GET", `/api/goods/search/list?keyword=%E6%89%8B%E6%9C%BA&sort=${sort}&pageSize=3&page=${page}`);
    const cheapest = await search("price_asc");
    expect(cheapest.data).toMatchObject({ total: GoodsLimits.searchTotalCap, totalCapped: true });
    // The newest 1,000 of 1,005 goods priced 0…1,004 fen, newest dearest: the five oldest are not among them.
    const titles = (reply: typeof cheapest) => reply.data.list.map((goods: { title: string }) => goods.title);
    expect(titles(cheapest)).toEqual([5, 6, 7].map((n) => `批量二手手机 ${n}`));
    expect(titles(await search("price_asc", 2))).toEqual([8, 9, 10].map((n) => `批量二手手机 ${n}`));
    expect(titles(await search("price_desc"))).toEqual(newest(3).map((n) => `批量二手手机 ${n}`));
    // Past the newest 1,000 there is no page more.
    expect((await search("price_asc", 334)).data.list).toHaveLength(1);
    expect((await search("price_asc", 335)).data.list).toEqual([]);
  });

  // In a category, SQLite tells them from the sets it holds in memory (word-sets.ts), not the index.
  it.each(["", "&category=phones"])(
    "puts the few title matches of a capped search first, the many others after them%s",
    async (category) => {
      const search = (page: number) =>
        call(
          t.app,
          "GET",
          `/api/goods/search/list?keyword=${encodeURIComponent("耳机")}&pageSize=4&page=${page}${category}`,
        );
      const first = await search(1);
      expect(first.data).toMatchObject({ total: GoodsLimits.searchTotalCap, totalCapped: true });
      expect(first.data.list.map((goods: { title: string }) => goods.title)).toEqual([
        "头戴耳机 丙",
        "头戴耳机 乙",
        "头戴耳机 甲",
        `蓝牙音箱 ${many - 1}`,
      ]);
      expect((await search(2)).data.list.map((goods: { title: string }) => goods.title)).toEqual(
        newest(5)
          .slice(1)
          .map((n) => `蓝牙音箱 ${n}`),
      );
    },
  );
});

describe("totals of a list narrowed past its category", () => {
  it("stop counting at the cap and say so: a wide price range reads no more than that", async () => {
    const reply = await call(t.app, "GET", "/api/goods/getlist?minPrice=0&maxPrice=99999999&pageSize=5");
    expect(GoodsLimits.narrowedListTotalCap).toBeLessThan(2 * many);
    expect(reply.data).toMatchObject({ total: GoodsLimits.narrowedListTotalCap, totalCapped: true, pageSize: 5 });
    expect(reply.data.list).toHaveLength(5);
  });

  it("are exact below the cap, with no cap to tell of", async () => {
    const reply = await call(t.app, "GET", "/api/goods/getlist?minPrice=1000&maxPrice=1002&sort=price_asc");
    expect(reply.data.total).toBe(6);
    expect(reply.data.totalCapped).toBeUndefined();
    expect(reply.data.list.map((goods: { priceCents: number }) => goods.priceCents)).toEqual([
      1000, 1000, 1001, 1001, 1002, 1002,
    ]);
  });
});
