import type { CursorPage, Goods, GoodsSort } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
let seller: RegisteredUser;
let fan: RegisteredUser;

/** Prices with ties, so that pages end between goods of one price. */
const PRICES = [3000, 1500, 3000, 9900, 1500, 3000, 450, 12000, 3000, 1500, 700];

beforeAll(async () => {
  t = await createTestApp();
  [seller, fan] = [await registerUser(t.app, t.dataDir), await registerUser(t.app, t.dataDir)];
  const posted = [];
  for (const [n, priceCents] of PRICES.entries()) {
    const category = n % 3 === 0 ? "books" : "sports";
    posted.push(await postGoods(t.app, seller.token, { title: `翻页测试 ${n}`, priceCents, category }));
  }
  // Favourites make the popular order differ from the newest first, with ties too.
  for (const goods of [posted[2], posted[2], posted[5], posted[8]]) {
    const keeper = await registerUser(t.app, t.dataDir);
    await call(t.app, "POST", "/api/fav", { token: keeper.token, body: { goodsId: goods?.id } });
  }
  await call(t.app, "POST", "/api/follows", { token: fan.token, body: { userId: seller.id } });
});
afterAll(() => t.close());

async function page(url: string, token?: string): Promise<CursorPage<Goods>> {
  const reply = await call<CursorPage<Goods>>(t.app, "GET", url, { token });
  expect(reply, url).toMatchObject({ status: 200, code: 200 });
  return reply.data;
}

/** A cursor as the server spells one, of what it holds. */
const cursorOf = (text: string) => Buffer.from(text).toString("base64url");

const ids = (goods: Goods[]) => goods.map((item) => item.id);

/**
 * Every page from the first on, following each answer's nextCursor; `between` runs after each
 * page, as a person scrolls while others post.
 */
async function walk(path: string, query: string, between: () => Promise<unknown> = async () => {}, token?: string) {
  const pages: CursorPage<Goods>[] = [await page(`${path}?${query}`, token)];
  for (let next = pages[0]?.nextCursor; next; next = pages.at(-1)?.nextCursor) {
    await between();
    pages.push(await page(`${path}?${query}&cursor=${next}`, token));
    expect(pages.length, "pages never end").toBeLessThan(50);
  }
  return pages;
}

const postNew = (priceCents = 2000, category = "sports") =>
  postGoods(t.app, seller.token, { title: "翻页中途发布", priceCents, category });

describe("the goods list read onwards with a cursor", () => {
  it("gives the newest first once each, in order, while new goods are posted between pages", async () => {
    const before = await page("/api/goods/getlist?pageSize=100");
    const pages = await walk("/api/goods/getlist", "pageSize=4", postNew);
    expect(ids(pages.flatMap((each) => each.list))).toEqual(ids(before.list));
    // Every page but the last is full and names the next; the last names none.
    expect(pages.map((each) => each.list.length)).toEqual([4, 4, 3]);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    // The goods posted meanwhile are in front, where a list read again starts.
    const after = await page("/api/goods/getlist?pageSize=100");
    expect(after.list.slice(0, 2).map((goods) => goods.title)).toEqual(["翻页中途发布", "翻页中途发布"]);
    expect(after.total).toBe(before.total + 2);
  });

  it.each<[GoodsSort, string]>([
    ["latest", "category=sports"],
    ["price_asc", ""],
    ["price_desc", "category=sports"],
    ["price_asc", "minPrice=1000&maxPrice=9900"],
    ["popular", ""],
    ["latest", "condition=good"],
  ])("walks the %s order (%s) through ties in its key, each goods once", async (sort, filters) => {
    const query = `sort=${sort}&pageSize=3${filters ? `&${filters}` : ""}`;
    const whole = await page(`/api/goods/getlist?sort=${sort}&pageSize=100${filters ? `&${filters}` : ""}`);
    const pages = await walk("/api/goods/getlist", query);
    expect(ids(pages.flatMap((each) => each.list))).toEqual(ids(whole.list));
    expect(pages.every((each) => each.total === whole.total)).toBe(true);
  });

  it("keeps a price order whole when goods priced ahead of the cursor are posted meanwhile", async () => {
    const before = await page("/api/goods/getlist?sort=price_asc&pageSize=100");
    // Each new goods is dearer than all seen so far: the walk meets it further on.
    let price = 20_000;
    const postDearer = () => {
      price += 1;
      return postNew(price);
    };
    const pages = await walk("/api/goods/getlist", "sort=price_asc&pageSize=4", postDearer);
    const walked = pages.flatMap((each) => each.list);
    expect(new Set(ids(walked)).size).toBe(walked.length);
    const prices = walked.map((goods) => goods.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(ids(walked.filter((goods) => goods.priceCents < 20_000))).toEqual(ids(before.list));
  });

  it("names the cursor after a numbered page too, which reads on from there", async () => {
    const second = await page("/api/goods/getlist?page=2&pageSize=3");
    const whole = await page("/api/goods/getlist?pageSize=100");
    const third = await page(`/api/goods/getlist?pageSize=3&cursor=${second.nextCursor}`);
    expect(ids(third.list)).toEqual(ids(whole.list.slice(6, 9)));
    const last = await page(`/api/goods/getlist?page=${Math.ceil(whole.total / 3)}&pageSize=3`);
    expect(last.nextCursor).toBeNull();
  });

  it.each([
    ["not a cursor", "cursor=abc", "翻页位置无效，请从第一页重新加载"],
    ["empty", "cursor=", "翻页位置不能为空"],
    ["not base64url", "cursor=a%2Bb%3D", "翻页位置格式不正确"],
    ["too long", `cursor=${"A".repeat(201)}`, "翻页位置最多 200 个字符"],
    ["of another order", `cursor=${cursorOf("price_asc.1500.2")}`, "翻页位置与排序方式不符，请从第一页重新加载"],
    ["missing its price", `sort=price_desc&cursor=${cursorOf("price_desc.2")}`, "翻页位置无效，请从第一页重新加载"],
    ["past the ids", `cursor=${cursorOf("latest.99999999999")}`, "翻页位置无效，请从第一页重新加载"],
    ["beside a page number", `page=2&cursor=${cursorOf("latest.5")}`, "翻页位置与页码不能同时使用"],
  ])("refuses a cursor %s with a 400 naming it", async (_, query, msg) => {
    const reply = await call(t.app, "GET", `/api/goods/getlist?${query}`);
    expect(reply).toMatchObject({ status: 400, code: 400, msg });
    expect(reply.data.issues[0]).toEqual({ field: "cursor", msg });
  });
});

describe("the 关注 feed read onwards with a cursor", () => {
  it("gives the followed sellers' goods once each, newest first, while they post more", async () => {
    const before = await page("/api/goods/following?pageSize=100", fan.token);
    const pages = await walk("/api/goods/following", "pageSize=5", postNew, fan.token);
    expect(ids(pages.flatMap((each) => each.list))).toEqual(ids(before.list));
    expect(pages.at(-1)?.nextCursor).toBeNull();
    const bad = await call(t.app, "GET", "/api/goods/following?cursor=abc", { token: fan.token });
    expect(bad).toMatchObject({ status: 400, msg: "翻页位置无效，请从第一页重新加载" });
  });
});
