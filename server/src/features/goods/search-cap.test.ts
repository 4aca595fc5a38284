import { GoodsLimits } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../../test-support/accounts.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const seller = await registerUser(t.app, t.dataDir);
  const now = new Date().toISOString();
  const rows = Array.from({ length: GoodsLimits.searchTotalCap + 5 }, (_, i) => ({
    sellerId: Number(seller.id),
    title: `批量二手手机 ${i}`,
    description: "",
    priceCents: i,
    category: "phones",
    condition: "good",
    location: "",
    status: "on_sale",
    listed: 1,
    createdAt: now,
    updatedAt: now,
  }));
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
      [10004, 10003, 10002, 10001, 10000].map((n) => `批量二手手机 ${n}`),
    );
  });
});
