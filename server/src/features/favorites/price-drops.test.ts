import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
let seller: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const favorite = (user: RegisteredUser, goodsId: string) =>
  call(t.app, "POST", "/api/fav", { token: user.token, body: { goodsId } });
const setPrice = async (goodsId: string, priceCents: number) =>
  expect(
    await call(t.app, "PUT", `/api/goods/${goodsId}`, { token: seller.token, body: { priceCents } }),
  ).toMatchObject({ code: 200 });

/** What each of the user's three ways of asking says the goods dropped by. */
async function dropsSeenBy(user: RegisteredUser, goodsId: string) {
  const list = await call(t.app, "GET", "/api/fav", { token: user.token });
  const ids = await call(t.app, "GET", `/api/fav/ids?goodsIds=${goodsId}`, { token: user.token });
  const exists = await call(t.app, "GET", `/api/fav/exists/${goodsId}`, { token: user.token });
  return {
    list: list.data.list.find((goods: { id: string }) => goods.id === goodsId)?.priceDropCents,
    ids: ids.data.priceDropCents[goodsId],
    exists: exists.data.priceDropCents,
  };
}

describe("price drops of favourites", () => {
  it("counts from the price the goods were kept at: lowered is a drop, raised is none", async () => {
    const fan = await registerUser(t.app, t.dataDir);
    const goods = await postGoods(t.app, seller.token, { priceCents: 10000 });
    await favorite(fan, goods.id);
    expect(await dropsSeenBy(fan, goods.id)).toEqual({ list: 0, ids: undefined, exists: 0 });

    await setPrice(goods.id, 8000);
    expect(await dropsSeenBy(fan, goods.id)).toEqual({ list: 2000, ids: 2000, exists: 2000 });
    const ids = await call(t.app, "GET", `/api/fav/ids?goodsIds=${goods.id}`, { token: fan.token });
    expect(ids.data).toEqual({ goodsIds: [goods.id], priceDropCents: { [goods.id]: 2000 } });

    await setPrice(goods.id, 12000);
    expect(await dropsSeenBy(fan, goods.id)).toEqual({ list: 0, ids: undefined, exists: 0 });
    await setPrice(goods.id, 9950);
    expect(await dropsSeenBy(fan, goods.id)).toEqual({ list: 50, ids: 50, exists: 50 });
  });

  it("tells each user their own drop, and none to who keeps no favourite", async () => {
    const early = await registerUser(t.app, t.dataDir);
    const late = await registerUser(t.app, t.dataDir);
    const stranger = await registerUser(t.app, t.dataDir);
    const goods = await postGoods(t.app, seller.token, { priceCents: 10000 });
    await favorite(early, goods.id);
    await setPrice(goods.id, 9000);
    await favorite(late, goods.id);
    await setPrice(goods.id, 8000);

    expect(await dropsSeenBy(early, goods.id)).toEqual({ list: 2000, ids: 2000, exists: 2000 });
    expect(await dropsSeenBy(late, goods.id)).toEqual({ list: 1000, ids: 1000, exists: 1000 });
    expect(await call(t.app, "GET", `/api/fav/ids?goodsIds=${goods.id}`, { token: stranger.token })).toMatchObject({
      data: { goodsIds: [], priceDropCents: {} },
    });
    expect(await call(t.app, "GET", `/api/fav/exists/${goods.id}`, { token: stranger.token })).toMatchObject({
      data: { exists: false, priceDropCents: 0 },
    });
    const shared = await call(t.app, "GET", `/api/goods/info/${goods.id}`);
    expect(shared.data.priceCents).toBe(8000);
    expect(shared.data).not.toHaveProperty("priceDropCents");
  });

  it("remembers the new price when a favourite is taken away and added again, not when added twice", async () => {
    const fan = await registerUser(t.app, t.dataDir);
    const goods = await postGoods(t.app, seller.token, { priceCents: 10000 });
    await favorite(fan, goods.id);
    await setPrice(goods.id, 7000);
    await favorite(fan, goods.id);
    expect(await dropsSeenBy(fan, goods.id)).toEqual({ list: 3000, ids: 3000, exists: 3000 });

    await call(t.app, "DELETE", `/api/fav/${goods.id}`, { token: fan.token });
    await favorite(fan, goods.id);
    expect(await dropsSeenBy(fan, goods.id)).toEqual({ list: 0, ids: undefined, exists: 0 });
    await setPrice(goods.id, 6500);
    expect(await dropsSeenBy(fan, goods.id)).toEqual({ list: 500, ids: 500, exists: 500 });
  });

  it("tells the drops of a long list on every page, from either end", async () => {
    const fan = await registerUser(t.app, t.dataDir);
    const kept = [];
    for (let i = 0; i < 5; i++) {
      const goods = await postGoods(t.app, seller.token, { title: `降价翻页 ${i}`, priceCents: 10000 });
      await favorite(fan, goods.id);
      kept.push(goods.id);
    }
    for (const [i, id] of kept.entries()) await setPrice(id, 10000 - i * 100);
    const drops = [];
    for (let page = 1; page <= 3; page++) {
      const reply = await call(t.app, "GET", `/api/fav?pageSize=2&page=${page}`, { token: fan.token });
      drops.push(...reply.data.list.map((goods: { title: string; priceDropCents: number }) => goods.priceDropCents));
    }
    expect(drops).toEqual([400, 300, 200, 100, 0]);
  });
});
