import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
let seller: RegisteredUser;
let fan: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app, t.dataDir);
  fan = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const favCount = async (goodsId: string) => (await call(t.app, "GET", `/api/goods/info/${goodsId}`)).data.favCount;

describe("favourites", () => {
  it("adds and removes idempotently, keeping the count right", async () => {
    const goods = await postGoods(t.app, seller.token);
    const add = () => call(t.app, "POST", "/api/fav/", { token: fan.token, body: { goodsId: goods.id } });
    expect(await add()).toMatchObject({ code: 200, msg: "已收藏", data: { exists: true, favCount: 1 } });
    expect(await add()).toMatchObject({ code: 200, data: { exists: true, favCount: 1 } });
    expect(await call(t.app, "GET", `/api/fav/exists/${goods.id}`, { token: fan.token })).toMatchObject({
      data: { exists: true },
    });
    expect(await call(t.app, "GET", `/api/fav/exists/${goods.id}`, { token: seller.token })).toMatchObject({
      data: { exists: false },
    });

    const remove = () => call(t.app, "DELETE", `/api/fav/${goods.id}`, { token: fan.token });
    expect(await remove()).toMatchObject({ code: 200, data: { exists: false, favCount: 0 } });
    expect(await remove()).toMatchObject({ code: 200, data: { exists: false, favCount: 0 } });
    expect(await favCount(goods.id)).toBe(0);
  });

  it("keeps the count right when many users and repeated clicks arrive at once", async () => {
    const goods = await postGoods(t.app, seller.token);
    const fans = await Promise.all(Array.from({ length: 6 }, () => registerUser(t.app, t.dataDir)));
    await Promise.all(
      fans.flatMap((user) =>
        [1, 2, 3].map(() => call(t.app, "POST", "/api/fav", { token: user.token, body: { goodsId: goods.id } })),
      ),
    );
    expect(await favCount(goods.id)).toBe(6);
    await Promise.all(
      fans
        .slice(0, 4)
        .flatMap((user) => [1, 2].map(() => call(t.app, "DELETE", `/api/fav/${goods.id}`, { token: user.token }))),
    );
    expect(await favCount(goods.id)).toBe(2);
  });

  it("lists the user's favourites, newest first, sold ones included", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const first = await postGoods(t.app, seller.token, { title: "先收藏的" });
    const second = await postGoods(t.app, seller.token, { title: "后收藏的" });
    await call(t.app, "POST", "/api/fav", { token: user.token, body: { goodsId: first.id } });
    await call(t.app, "POST", "/api/fav", { token: user.token, body: { goodsId: second.id } });
    await call(t.app, "PUT", `/api/goods/${first.id}/status`, { token: seller.token, body: { status: "sold" } });
    const list = await call(t.app, "GET", "/api/fav", { token: user.token });
    expect(list.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(list.data.list.map((item: { id: string; status: string }) => [item.id, item.status])).toEqual([
      [second.id, "on_sale"],
      [first.id, "sold"],
    ]);
    const page2 = await call(t.app, "GET", "/api/fav?page=2&pageSize=1", { token: user.token });
    expect(page2.data.list.map((item: { id: string }) => item.id)).toEqual([first.id]);
    const pastEnd = await call(t.app, "GET", "/api/fav?page=3&pageSize=1", { token: user.token });
    expect(pastEnd.data).toMatchObject({ list: [], total: 2, page: 3, pageSize: 1 });
    const none = await call(t.app, "GET", "/api/fav", { token: seller.token });
    expect(none.data).toMatchObject({ list: [], total: 0 });
  });

  it("pages through a long list without gaps or repeats, from either end", async () => {
    const user = await registerUser(t.app, t.dataDir);
    for (let i = 0; i < 7; i++) {
      const goods = await postGoods(t.app, seller.token, { title: `翻页收藏 ${i}` });
      await call(t.app, "POST", "/api/fav", { token: user.token, body: { goodsId: goods.id } });
    }
    const ids = async (query: string) => {
      const reply = await call(t.app, "GET", `/api/fav?${query}`, { token: user.token });
      expect(reply.data.total).toBe(7);
      return reply.data.list.map((item: { title: string }) => item.title);
    };
    const whole = await ids("pageSize=100");
    expect(whole).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `翻页收藏 ${i}`));
    const paged = [];
    for (let page = 1; page <= 4; page++) paged.push(...(await ids(`pageSize=2&page=${page}`)));
    expect(paged).toEqual(whole);
    expect(await ids("pageSize=3&page=2")).toEqual(whole.slice(3, 6));
  });

  it("refuses one's own goods, unknown goods, bad ids and anonymous users", async () => {
    const goods = await postGoods(t.app, seller.token);
    expect(await call(t.app, "POST", "/api/fav", { token: seller.token, body: { goodsId: goods.id } })).toMatchObject({
      code: 1301,
      msg: "不能收藏自己发布的闲置",
    });
    expect(await call(t.app, "POST", "/api/fav", { token: fan.token, body: { goodsId: "999999" } })).toMatchObject({
      status: 404,
    });
    expect(await call(t.app, "DELETE", "/api/fav/999999", { token: fan.token })).toMatchObject({ status: 404 });
    expect(await call(t.app, "GET", "/api/fav/exists/999999", { token: fan.token })).toMatchObject({ status: 404 });
    expect(await call(t.app, "POST", "/api/fav", { token: fan.token, body: { goodsId: 5 } })).toMatchObject({
      status: 400,
    });
    expect(await call(t.app, "POST", "/api/fav", { token: fan.token, body: {} })).toMatchObject({
      status: 400,
      msg: "商品编号不能为空",
    });
    expect(await call(t.app, "GET", "/api/fav")).toMatchObject({ status: 401 });
    expect(await call(t.app, "POST", "/api/fav", { body: { goodsId: goods.id } })).toMatchObject({ status: 401 });
    expect(await favCount(goods.id)).toBe(0);
  });

  it("answers whether goods are kept only to a live session, asking who before what", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const goods = await postGoods(t.app, seller.token);
    const exists = (id: string, token?: string) => call(t.app, "GET", `/api/fav/exists/${id}`, { token });
    expect(await exists(goods.id, user.token)).toMatchObject({ status: 200, data: { exists: false } });
    expect(await exists("abc", user.token)).toMatchObject({ status: 400 });
    expect(await exists(goods.id)).toMatchObject({ status: 401, msg: "请先登录" });
    expect(await exists("abc")).toMatchObject({ status: 401, msg: "请先登录" });
    await call(t.app, "POST", "/api/user/logout", { token: user.token });
    expect(await exists(goods.id, user.token)).toMatchObject({ status: 401, msg: "登录已失效，请重新登录" });
    expect(await exists("abc", user.token)).toMatchObject({ status: 401, msg: "登录已失效，请重新登录" });
    expect(await exists("999999", user.token)).toMatchObject({ status: 401 });
  });

  it("tells which of a page of goods the user keeps, in one call", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const kept = await postGoods(t.app, seller.token);
    const other = await postGoods(t.app, seller.token);
    const alsoKept = await postGoods(t.app, seller.token);
    for (const goods of [kept, alsoKept]) {
      await call(t.app, "POST", "/api/fav", { token: user.token, body: { goodsId: goods.id } });
    }
    const ids = async (query: string) =>
      (await call(t.app, "GET", `/api/fav/ids?${query}`, { token: user.token })).data?.goodsIds;
    expect((await ids(`goodsIds=${kept.id},${other.id},${alsoKept.id},999999`)).sort()).toEqual(
      [kept.id, alsoKept.id].sort(),
    );
    expect(await ids(`goodsIds=${other.id}&goodsIds=${kept.id}`)).toEqual([kept.id]);
    expect(await call(t.app, "GET", `/api/fav/ids?goodsIds=${kept.id}`, { token: fan.token })).toMatchObject({
      data: { goodsIds: [] },
    });
  });

  it.each([
    ["", "商品编号不能为空"],
    ["goodsIds=", "商品编号格式不正确"],
    ["goodsIds=1,abc", "商品编号格式不正确"],
    [`goodsIds=${Array.from({ length: 101 }, (_, i) => i + 1).join(",")}`, "商品编号最多 100 项"],
  ])("refuses the favourite ids query '%s' with a 400", async (query, msg) => {
    expect(await call(t.app, "GET", `/api/fav/ids?${query}`, { token: fan.token })).toMatchObject({
      status: 400,
      code: 400,
      msg,
    });
    expect(await call(t.app, "GET", "/api/fav/ids?goodsIds=1")).toMatchObject({ status: 401 });
  });
});
