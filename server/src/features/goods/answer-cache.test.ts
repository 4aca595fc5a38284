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

describe("the shared answers of the list and the details", () => {
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
