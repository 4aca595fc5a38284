import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { waitUntil } from "../../test-support/server-process.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { pageBlocksOf } from "./page-blocks.js";

let t: TestApp;
let viewer: RegisteredUser;
let blocked: RegisteredUser;
let bystander: RegisteredUser;

beforeAll(async () => {
  // Answers live a minute: what shows at once after a block shows because it was forgotten, not expired.
  t = await createTestApp({ RESPONSE_CACHE_MS: "60000" });
  [viewer, blocked, bystander] = [await newUser(), await newUser(), await newUser()];
  const other = await newUser();
  await postGoods(t.app, blocked.token, { title: "屏蔽测试 旧台灯", priceCents: 1000, location: "上海 徐汇" });
  await postGoods(t.app, other.token, { title: "屏蔽测试 书架", priceCents: 2000, location: "上海 静安" });
  await postGoods(t.app, blocked.token, { title: "屏蔽测试 新台灯", priceCents: 3000, location: "上海 徐汇" });
});
afterAll(() => t.close());

const newUser = () => registerUser(t.app, t.dataDir);

interface Listed {
  titles: string[];
  total: number;
  cacheControl: string | undefined;
}

async function listed(app: FastifyInstance, url: string, token?: string): Promise<Listed> {
  const response = await app.inject({
    method: "GET",
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const { data } = response.json() as { data: { list: { title: string }[]; total: number } };
  const cacheControl = response.headers["cache-control"] as string | undefined;
  return { titles: data.list.map((goods) => goods.title), total: data.total, cacheControl };
}

const SEARCH = `/api/goods/search/list?keyword=${encodeURIComponent("屏蔽测试")}`;
const ALL = ["屏蔽测试 新台灯", "屏蔽测试 书架", "屏蔽测试 旧台灯"].sort();
const BOOKSHELF = ["屏蔽测试 书架"];
const QUERIES = [
  "/api/goods/getlist",
  "/api/goods/getlist?sort=price_asc",
  "/api/goods/getlist?sort=popular&category=sports",
  `/api/goods/getlist?city=${encodeURIComponent("上海")}&condition=good`,
  "/api/goods/getlist?minPrice=500&maxPrice=5000&sort=price_desc",
  SEARCH,
  `${SEARCH}&sort=latest`,
  `${SEARCH}&city=${encodeURIComponent("上海")}`,
];

const block = (user: RegisteredUser, other: RegisteredUser) =>
  call(t.app, "POST", "/api/blocks", { token: user.token, body: { userId: other.id } });

describe("the goods list and search of a viewer who blocked a seller", () => {
  it("leave that seller's goods out for the viewer alone, at once, until unblocked", async () => {
    for (const url of QUERIES) expect((await listed(t.app, url, viewer.token)).titles.sort()).toEqual(ALL);

    expect((await block(viewer, blocked)).code).toBe(200);
    for (const url of QUERIES) {
      expect(await listed(t.app, url, viewer.token), url).toEqual({
        titles: BOOKSHELF,
        total: 1,
        cacheControl: "private, no-store",
      });
      expect((await listed(t.app, url, bystander.token)).titles.sort(), url).toEqual(ALL);
      const anonymous = await listed(t.app, url);
      expect(anonymous.titles.sort(), url).toEqual(ALL);
      expect(anonymous.cacheControl).toBeUndefined();
    }
    const secondPage = await listed(t.app, "/api/goods/getlist?pageSize=1&page=2", viewer.token);
    expect(secondPage).toMatchObject({ titles: [], total: 1 });

    expect((await call(t.app, "DELETE", `/api/blocks/${blocked.id}`, { token: viewer.token })).code).toBe(200);
    for (const url of QUERIES) {
      expect((await listed(t.app, url, viewer.token)).titles.sort(), url).toEqual(ALL);
    }
  });

  it("are the shared ones for a token that is expired, malformed or unknown", async () => {
    const pest = await newUser();
    await block(pest, blocked);
    await call(t.app, "POST", "/api/user/logout", { token: pest.token });
    for (const token of [pest.token, "not-a-token", ""]) {
      const answer = await listed(t.app, "/api/goods/getlist", token);
      expect(answer.titles.sort()).toEqual(ALL);
      // The shared list, but marked private as every answer to a request with a token is.
      expect(answer.cacheControl).toBe(token ? "private, no-store" : undefined);
    }
    const malformed = await t.app.inject({ method: "GET", url: SEARCH, headers: { authorization: "Basic abc" } });
    expect(malformed.json().data.total).toBe(3);
  });

  it("leave them out on another server process once its moment passes", async () => {
    const other = await buildApp({ ...t.config, responseCacheMs: 200 }, { database: t.database, logger: false });
    try {
      const watcher = await newUser();
      expect((await listed(other, "/api/goods/getlist", watcher.token)).total).toBe(3);
      await block(watcher, blocked);
      await waitUntil(async () => (await listed(other, "/api/goods/getlist", watcher.token)).total === 1, 10_000);
      expect((await listed(other, SEARCH, watcher.token)).titles).toEqual(BOOKSHELF);
    } finally {
      await other.close();
    }
  });

  it("never start a deep page from the counted blocks, which count every seller's goods", () => {
    expect(pageBlocksOf("latest", {}, 100_000)).toBe("ids");
    expect(pageBlocksOf("price_asc", {}, 100_000)).toBe("prices");
    for (const sort of ["latest", "price_asc", "price_desc"] as const) {
      expect(pageBlocksOf(sort, { blockerId: 1 }, 100_000)).toBeUndefined();
    }
  });
});
