import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/database.js";
import { registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { waitUntil } from "../../test-support/server-process.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { ViewCounter } from "./view-counter.js";

let t: TestApp | undefined;
afterEach(() => t?.close());

/** The count as stored, read past the app: what another server process would see. */
async function storedViews(app: TestApp, goodsId: string): Promise<number> {
  const db = openDatabase(app.database);
  try {
    const row = await db.selectFrom("goods").select("viewCount").where("id", "=", Number(goodsId)).executeTakeFirst();
    return row?.viewCount ?? -1;
  } finally {
    await db.destroy();
  }
}

async function viewedGoods(times: number) {
  t = await createTestApp();
  const seller = await registerUser(t.app, t.dataDir);
  const goods = await postGoods(t.app, seller.token);
  const counts: number[] = [];
  for (let i = 0; i < times; i++) {
    counts.push((await call(t.app, "GET", `/api/goods/info/${goods.id}`)).data.viewCount);
  }
  return { app: t, goodsId: goods.id, counts };
}

describe("view counts", () => {
  it("show each view at once, and reach the database without a write per view", async () => {
    const { app, goodsId, counts } = await viewedGoods(3);
    expect(counts).toEqual([1, 2, 3]);
    await waitUntil(async () => (await storedViews(app, goodsId)) === 3, 10_000);
    expect(await call(app.app, "GET", `/api/goods/info/${goodsId}`)).toMatchObject({ data: { viewCount: 4 } });
  });

  it("are all written when the app closes", async () => {
    const { app, goodsId } = await viewedGoods(5);
    await app.app.close();
    expect(await storedViews(app, goodsId)).toBe(5);
  });

  it("leave out the seller's own looks, counting another user's and a visitor's", async () => {
    const app = await createTestApp();
    t = app;
    const [seller, buyer] = [await registerUser(app.app, app.dataDir), await registerUser(app.app, app.dataDir)];
    const goods = await postGoods(app.app, seller.token);
    const info = (token?: string) => call(app.app, "GET", `/api/goods/info/${goods.id}`, { token });
    for (let i = 0; i < 3; i++) expect((await info(seller.token)).data.viewCount).toBe(0);
    expect((await info(buyer.token)).data.viewCount).toBe(1);
    expect((await info(seller.token)).data.viewCount).toBe(1);
    expect((await info()).data.viewCount).toBe(2);
    await app.app.close();
    expect(await storedViews(app, goods.id)).toBe(2);
  });

  it("write the views of many goods in chunks, the event loop taking a turn between them", async () => {
    const app = await createTestApp();
    t = app;
    const seller = await registerUser(app.app, app.dataDir);
    const at = new Date().toISOString();
    const row = (i: number) => ({
      sellerId: Number(seller.id),
      title: `看的人很多的闲置 ${i}`,
      description: "",
      priceCents: 100,
      category: "other",
      condition: "good",
      location: "",
      status: "on_sale",
      listed: 1,
      createdAt: at,
      updatedAt: at,
    });
    const ids: number[] = [];
    for (let start = 0; start < 1_200; start += 400) {
      const rows = Array.from({ length: 400 }, (_, i) => row(start + i));
      ids.push(...(await app.app.db.insertInto("goods").values(rows).returning("id").execute()).map((r) => r.id));
    }
    const counter = new ViewCounter(app.app.db, { warn: () => {} });
    for (const id of ids) counter.count(id);
    const order: string[] = [];
    const flushed = counter.flush().then(() => order.push("written"));
    setImmediate(() => order.push("another turn"));
    await flushed;
    await counter.close();
    expect(order).toEqual(["another turn", "written"]);
    const stored = await app.app.db.selectFrom("goods").select("viewCount").where("id", "in", ids).execute();
    expect(stored.map((goods) => goods.viewCount)).toEqual(ids.map(() => 1));
  });
});
