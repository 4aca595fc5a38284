import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/database.js";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { waitUntil } from "../../test-support/server-process.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
let seller: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app, t.dataDir);
  for (let i = 0; i < 12; i++) await postGoods(t.app, seller.token, { title: `缓存测试 ${i}` });
});
afterAll(() => t.close());

const titles = async (url = "/api/goods/getlist") =>
  (await call(t.app, "GET", url)).data.list.map((goods: { title: string }) => goods.title);

describe("the shared answers of the list, the search and the details", () => {
  it("send the same list compressed as br or gzip, or plain, as the client asks", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/api/goods/getlist" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const decoders = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
    for (const [encoding, decode] of Object.entries(decoders)) {
      for (let i = 0; i < 2; i++) {
        const response = await t.app.inject({
          method: "GET",
          url: "/api/goods/getlist",
          headers: { "accept-encoding": `${encoding}, deflate` },
        });
        expect(response.headers["content-encoding"]).toBe(encoding);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(response.headers["x-content-type-options"]).toBe("nosniff");
        expect(decode(response.rawPayload).toString()).toBe(plain.body);
      }
    }
  });

  it("show a change made through this server at once", async () => {
    await titles();
    const goods = await postGoods(t.app, seller.token, { title: "刚发布的" });
    expect((await titles())[0]).toBe("刚发布的");
    await call(t.app, "PUT", `/api/goods/${goods.id}`, { token: seller.token, body: { title: "改过标题" } });
    expect((await call(t.app, "GET", `/api/goods/info/${goods.id}`)).data.title).toBe("改过标题");
    expect((await titles())[0]).toBe("改过标题");
  });

  it("show a change to what a search finds at once, and are kept per keyword", async () => {
    const search = (keyword: string) => titles(`/api/goods/search/list?keyword=${encodeURIComponent(keyword)}`);
    expect(await search("缓存测试")).toHaveLength(12);
    expect(await search("搜索缓存")).toEqual([]);
    const goods = await postGoods(t.app, seller.token, { title: "搜索缓存 新到" });
    expect(await search("搜索缓存")).toEqual(["搜索缓存 新到"]);
    await call(t.app, "PUT", `/api/goods/${goods.id}/status`, { token: seller.token, body: { status: "sold" } });
    expect(await search("搜索缓存")).toEqual([]);
  });

  it("show a change made by another server process once the cache expires", async () => {
    const [newest] = await titles();
    const other = openDatabase(t.database);
    try {
      await other.updateTable("goods").set({ title: "别的进程改的" }).where("title", "=", newest).execute();
    } finally {
      await other.destroy();
    }
    await waitUntil(async () => (await titles())[0] === "别的进程改的", 10_000);
  });

  it("are kept per query", async () => {
    const [first] = await titles("/api/goods/getlist?pageSize=5");
    const secondPage = await titles("/api/goods/getlist?pageSize=5&page=2");
    expect(secondPage).toHaveLength(5);
    expect(secondPage).not.toContain(first);
    expect(await titles("/api/goods/getlist?pageSize=5&sort=price_asc")).toHaveLength(5);
  });
});

describe("the shared answers when a write changes nothing they show", () => {
  let kept: TestApp;
  afterAll(() => kept?.close());

  it("are kept through sign-ins, sign-outs and chats, and dropped by a write that shows (a favourite)", async () => {
    // A long moment, so that only a write can drop the answers within the test.
    kept = await createTestApp({ RESPONSE_CACHE_MS: "60000" });
    const owner = await registerUser(kept.app, kept.dataDir);
    const buyer = await registerUser(kept.app, kept.dataDir);
    const goods = await postGoods(kept.app, owner.token, { title: "原来的标题" });
    const listed = async () =>
      (await call(kept.app, "GET", "/api/goods/getlist")).data.list.map((item: { title: string }) => item.title);
    expect(await listed()).toEqual(["原来的标题"]);
    // Changed behind the server's back, as another process would: the answer kept still shows the old.
    await kept.app.db.updateTable("goods").set({ title: "背后改的" }).where("id", "=", Number(goods.id)).execute();

    const login = await call(kept.app, "POST", "/api/user/login/username", {
      body: { username: buyer.username, password: buyer.password },
    });
    expect(login.code).toBe(200);
    const chat = await call(kept.app, "POST", "/api/mychatlist/create", {
      token: buyer.token,
      body: { peerId: owner.id },
    });
    expect(chat.code).toBe(200);
    expect((await call(kept.app, "POST", "/api/user/logout", { token: login.data.token })).code).toBe(200);
    expect(await listed()).toEqual(["原来的标题"]);

    // A favourite changes the count the list shows: the answers go.
    const favourite = await call(kept.app, "POST", "/api/fav", { token: buyer.token, body: { goodsId: goods.id } });
    expect(favourite.code).toBe(200);
    expect(await listed()).toEqual(["背后改的"]);
  });
});
