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

/** The ids a search finds, with its total, for a short keyword (word index) and a long one (trigrams). */
async function found(keyword: string, query = "") {
  const reply = await call(t.app, "GET", `/api/goods/search/list?keyword=${encodeURIComponent(keyword)}${query}`);
  return { ids: reply.data.list.map((goods: { id: string }) => goods.id), total: reply.data.total };
}

const setStatus = (id: string, status: string) =>
  call(t.app, "PUT", `/api/goods/${id}/status`, { token: seller.token, body: { status } });

describe("search follows the goods as they change", () => {
  it("drops sold goods and finds them again once back on sale, with and without filters", async () => {
    const goods = await postGoods(t.app, seller.token, { title: "黑胶唱片机 复古", category: "digital" });
    const searches = [
      () => found("唱片"),
      () => found("黑胶唱片机"),
      () => found("唱片", "&category=digital"),
      () => found("黑胶唱片机", "&sort=price_asc"),
    ];
    for (const search of searches) expect(await search()).toEqual({ ids: [goods.id], total: 1 });

    await setStatus(goods.id, "reserved");
    for (const search of searches) expect(await search()).toEqual({ ids: [goods.id], total: 1 });

    await setStatus(goods.id, "sold");
    for (const search of searches) expect(await search()).toEqual({ ids: [], total: 0 });
    await setStatus(goods.id, "sold");
    for (const search of searches) expect(await search()).toEqual({ ids: [], total: 0 });

    await setStatus(goods.id, "on_sale");
    for (const search of searches) expect(await search()).toEqual({ ids: [goods.id], total: 1 });
  });

  it("finds edited goods by their new words only, and deleted goods no more", async () => {
    const goods = await postGoods(t.app, seller.token, { title: "天文望远镜 入门", description: "送三脚架" });
    const edit = await call(t.app, "PUT", `/api/goods/${goods.id}`, {
      token: seller.token,
      body: { title: "显微镜 学生用", description: "送载玻片" },
    });
    expect(edit.code).toBe(200);
    expect(await found("望远镜")).toEqual({ ids: [], total: 0 });
    expect(await found("三脚架")).toEqual({ ids: [], total: 0 });
    expect(await found("显微镜")).toEqual({ ids: [goods.id], total: 1 });
    expect(await found("玻片")).toEqual({ ids: [goods.id], total: 1 });

    // Sold goods edited stay out of the search; back on sale, they are found by the new words.
    await setStatus(goods.id, "sold");
    await call(t.app, "PUT", `/api/goods/${goods.id}`, { token: seller.token, body: { title: "放大镜 老物件" } });
    expect(await found("放大镜")).toEqual({ ids: [], total: 0 });
    await setStatus(goods.id, "on_sale");
    expect(await found("放大镜")).toEqual({ ids: [goods.id], total: 1 });
    expect(await found("显微镜")).toEqual({ ids: [], total: 0 });

    expect((await call(t.app, "DELETE", `/api/goods/${goods.id}`, { token: seller.token })).code).toBe(200);
    expect(await found("放大镜")).toEqual({ ids: [], total: 0 });
    expect(await found("玻片")).toEqual({ ids: [], total: 0 });
  });
});
