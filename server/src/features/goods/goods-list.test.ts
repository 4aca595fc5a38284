import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
const ids: Record<string, string> = {};

const CATALOGUE = [
  {
    key: "iphone",
    title: "二手苹果手机 iPhone 12",
    description: "电池健康 85%",
    priceCents: 200000,
    category: "phones",
    condition: "like_new",
    location: "上海 徐汇",
  },
  {
    key: "case",
    title: "手机壳 全新",
    description: "适用于多种型号",
    priceCents: 1500,
    category: "phones",
    condition: "new",
    location: "上海市",
  },
  {
    key: "laptop",
    title: "轻薄笔记本电脑",
    description: "可以当手机热点的备用机旁边放着",
    priceCents: 350000,
    category: "computers",
    condition: "good",
    location: "北京 朝阳",
  },
  {
    key: "chair",
    title: "人体工学椅",
    description: "坐着舒服 100% 满意",
    priceCents: 45000,
    category: "furniture",
    condition: "fair",
    location: "北京",
  },
  {
    key: "book",
    title: "三体 全三册",
    description: "科幻小说，无笔记",
    priceCents: 4500,
    category: "books",
    condition: "good",
    location: "海上",
  },
  {
    key: "console",
    title: "PS5 游戏机",
    description: "双手柄 4K 画质",
    priceCents: 290000,
    category: "games",
    condition: "poor",
    location: "",
  },
  {
    key: "sold",
    title: "已经卖掉的苹果手机",
    description: "不应出现在列表",
    priceCents: 100000,
    category: "phones",
    condition: "new",
    location: "上海",
  },
];

beforeAll(async () => {
  t = await createTestApp();
  const seller = await registerUser(t.app, t.dataDir);
  for (const item of CATALOGUE) {
    const { key, ...fields } = item;
    ids[key] = (await postGoods(t.app, seller.token, fields)).id;
  }
  await call(t.app, "PUT", `/api/goods/${ids.sold}/status`, { token: seller.token, body: { status: "sold" } });
  const fan = await registerUser(t.app, t.dataDir);
  for (const key of ["chair", "book"])
    await call(t.app, "POST", "/api/fav", { token: fan.token, body: { goodsId: ids[key] } });
  const fan2 = await registerUser(t.app, t.dataDir);
  await call(t.app, "POST", "/api/fav", { token: fan2.token, body: { goodsId: ids.chair } });
});
afterAll(() => t.close());

async function listKeys(url: string) {
  const reply = await call(t.app, "GET", url);
  expect(reply, url).toMatchObject({ status: 200, code: 200 });
  const keyOf = Object.fromEntries(Object.entries(ids).map(([key, id]) => [id, key]));
  return {
    keys: reply.data.list.map((item: { id: string }) => keyOf[item.id]),
    total: reply.data.total,
    data: reply.data,
  };
}

describe("goods list", () => {
  it("shows goods on sale, newest first, with a correct total and page fields", async () => {
    const { keys, total, data } = await listKeys("/api/goods/getlist");
    expect(keys).toEqual(["console", "book", "chair", "laptop", "case", "iphone"]);
    expect(total).toBe(6);
    expect(data).toMatchObject({ page: 1, pageSize: 20 });
  });

  it("pages without gaps or repeats", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => listKeys(`/api/goods/getlist?page=${page}&pageSize=2`)));
    expect(pages.map((page) => page.keys)).toEqual([
      ["console", "book"],
      ["chair", "laptop"],
      ["case", "iphone"],
    ]);
    expect(pages.every((page) => page.total === 6)).toBe(true);
    expect((await listKeys("/api/goods/getlist?page=4&pageSize=2")).keys).toEqual([]);
  });

  it("filters by category and by price range (in fen), with matching totals", async () => {
    expect(await listKeys("/api/goods/getlist?category=phones")).toMatchObject({ keys: ["case", "iphone"], total: 2 });
    expect(await listKeys("/api/goods/getlist?minPrice=4500&maxPrice=200000")).toMatchObject({
      keys: ["book", "chair", "iphone"],
      total: 3,
    });
    expect(await listKeys("/api/goods/getlist?category=phones&maxPrice=1500")).toMatchObject({
      keys: ["case"],
      total: 1,
    });
  });

  it("filters by one or several conditions, with matching totals", async () => {
    expect(await listKeys("/api/goods/getlist?condition=good")).toMatchObject({ keys: ["book", "laptop"], total: 2 });
    const several = { keys: ["console", "chair", "case"], total: 3 };
    expect(await listKeys("/api/goods/getlist?condition=new,fair,poor")).toMatchObject(several);
    expect(await listKeys("/api/goods/getlist?condition=new&condition=fair&condition=poor")).toMatchObject(several);
    expect(await listKeys("/api/goods/getlist?condition=new&category=computers")).toMatchObject({ keys: [], total: 0 });
  });

  it("filters by city, the start of the location, together with the other filters", async () => {
    const city = (name: string) => `/api/goods/getlist?city=${encodeURIComponent(name)}`;
    expect(await listKeys(city("上海"))).toMatchObject({ keys: ["case", "iphone"], total: 2 });
    expect(await listKeys(city(" 北京 "))).toMatchObject({ keys: ["chair", "laptop"], total: 2 });
    expect(await listKeys(city("北京 朝阳"))).toMatchObject({ keys: ["laptop"], total: 1 });
    expect(await listKeys(city("上海市徐汇区"))).toMatchObject({ keys: [], total: 0 });
    expect(await listKeys(`${city("上海")}&condition=new&maxPrice=1500`)).toMatchObject({ keys: ["case"], total: 1 });
    expect(await listKeys(`${city("北京")}&sort=price_asc`)).toMatchObject({ keys: ["chair", "laptop"] });
  });

  it("sorts by price both ways and by popularity", async () => {
    const cheapestFirst = ["case", "book", "chair", "iphone", "console", "laptop"];
    expect((await listKeys("/api/goods/getlist?sort=price_asc")).keys).toEqual(cheapestFirst);
    expect((await listKeys("/api/goods/getlist?sort=price_desc")).keys).toEqual([...cheapestFirst].reverse());
    expect((await listKeys("/api/goods/getlist?sort=popular")).keys.slice(0, 2)).toEqual(["chair", "book"]);
  });

  it.each([
    ["page=0", "页码不能小于 1"],
    ["page=abc", "页码类型错误"],
    ["pageSize=101", "每页条数不能大于 100"],
    ["pageSize=0", "每页条数不能小于 1"],
    ["page=1001", "页码不能大于 1000"],
    ["sort=cheapest", "排序方式取值无效"],
    ["category=cars", "分类取值无效"],
    ["minPrice=-1", "最低价不能小于 0"],
    ["minPrice=500&maxPrice=100", "最低价不能高于最高价"],
    ["condition=used", "成色取值无效"],
    ["condition=new,", "成色取值无效"],
    ["condition=new,good,fair,poor,like_new,new", "成色最多 5 项"],
    ["city=", "城市不能为空"],
    ["city=%20", "城市不能为空"],
    [`city=${"城".repeat(31)}`, "城市最多 30 个字符"],
    ["city=%00", "城市不能包含空字符"],
  ])("rejects %s with a 400", async (query, msg) => {
    expect(await call(t.app, "GET", `/api/goods/getlist?${query}`)).toMatchObject({ status: 400, code: 400, msg });
  });
});

describe("search", () => {
  it("finds Chinese words inside longer text: 手机 finds 二手苹果手机", async () => {
    const { keys, total } = await listKeys(`/api/goods/search/list?keyword=${encodeURIComponent("手机")}`);
    expect(keys).toEqual(expect.arrayContaining(["iphone", "case", "laptop"]));
    expect(total).toBe(3);
  });

  it("ranks title matches above description matches", async () => {
    const { keys } = await listKeys(`/api/goods/search/list?keyword=${encodeURIComponent("手机")}`);
    expect(keys.at(-1)).toBe("laptop");
  });

  it.each([
    ["机", ["case", "iphone", "laptop", "console"]],
    ["游戏", ["console"]],
    ["ps", ["console"]],
    ["Ps5", ["console"]],
    ["4k", ["console"]],
    ["书", []],
    ["手表", []],
    ["苹果手机", ["iphone"]],
    ["iphone", ["iphone"]],
    ["IPHONE 12", ["iphone"]],
    ["电池健康", ["iphone"]],
    ["三体", ["book"]],
    ["100%", ["chair"]],
    ["%", ["chair", "iphone"]],
    ["手机 全新", ["case"]],
    ["摩托车", []],
    ["苹果 手机 二手 12 电池", ["iphone"]],
    ["二手 苹果 手机 全新 电池 a b c d e f g h i j k l m n o", []],
    ["苹果", ["iphone"]],
    ["机热", ["laptop"]],
    ["手机 苹果手机", ["iphone"]],
    ["苹果手机 手机 机", ["iphone"]],
    ["手机 壳", ["case"]],
    ["手机 iphone IPHONE iPhone", ["iphone"]],
    ["Iphone 二手 1", ["iphone"]],
    ["游戏 ps", ["console"]],
    ["手 机", ["case", "console", "iphone", "laptop"]],
    ["机 手机 笔记本", ["laptop"]],
    ["服满", []],
    // Three Chinese letters and more: their letters in a row, not only their pairs somewhere.
    ["全三册", ["book"]],
    ["三册全", []],
    ["记本电", ["laptop"]],
    ["机热点", ["laptop"]],
    ["科幻小说 三体", ["book"]],
    // Characters a pattern language would read as operators ("." would match the o of iPhone).
    ["Ph.ne", []],
    ["iPh.ne", []],
    ["(4K)", []],
    ["4K 画质", ["console"]],
  ])("%s finds %o and never sold goods", async (keyword, expected) => {
    const { keys, total } = await listKeys(`/api/goods/search/list?keyword=${encodeURIComponent(keyword)}`);
    expect([...keys].sort()).toEqual([...expected].sort());
    expect(total).toBe(expected.length);
  });

  it("pages through relevance order, title matches then the rest, without gaps or repeats", async () => {
    const keyword = encodeURIComponent("手机");
    const whole = (await listKeys(`/api/goods/search/list?keyword=${keyword}&pageSize=100`)).keys;
    const paged = [];
    for (let page = 1; page <= 4; page++) {
      paged.push(...(await listKeys(`/api/goods/search/list?keyword=${keyword}&pageSize=1&page=${page}`)).keys);
    }
    expect(paged).toEqual(whole);
    expect(whole).toEqual(["case", "iphone", "laptop"]);
  });

  it("says the total is exact", async () => {
    const reply = await call(t.app, "GET", `/api/goods/search/list?keyword=${encodeURIComponent("手机")}`);
    expect(reply.data).toMatchObject({ total: 3, totalCapped: false });
  });

  it("applies the list's filters and sorts", async () => {
    const url = (query: string) => `/api/goods/search/list?keyword=${encodeURIComponent("手机")}&${query}`;
    expect((await listKeys(url("category=phones&sort=price_asc"))).keys).toEqual(["case", "iphone"]);
    expect((await listKeys(url("sort=price_desc"))).keys).toEqual(["laptop", "iphone", "case"]);
    expect((await listKeys(url("sort=latest"))).keys).toEqual(["laptop", "case", "iphone"]);
    expect(await listKeys(url("sort=latest&page=2&pageSize=1"))).toMatchObject({ keys: ["case"], total: 3 });
    expect(await listKeys(url("minPrice=100000"))).toMatchObject({ total: 2 });
    expect(await listKeys(url("page=2&pageSize=2"))).toMatchObject({ total: 3, keys: [expect.any(String)] });
    expect(await listKeys(url("condition=new,good"))).toMatchObject({ keys: ["case", "laptop"], total: 2 });
    expect(await listKeys(url(`city=${encodeURIComponent("上海")}`))).toMatchObject({ keys: ["case", "iphone"] });
    expect(await listKeys(url(`city=${encodeURIComponent("北京")}&condition=good`))).toMatchObject({
      keys: ["laptop"],
      total: 1,
    });
  });

  it.each([
    ["", "关键词不能为空"],
    ["keyword=", "关键词不能为空"],
    ["keyword=%20%20", "关键词不能为空"],
    [`keyword=${encodeURIComponent("长".repeat(51))}`, "关键词最多 50 个字符"],
    ["keyword=a&sort=random", "排序方式取值无效"],
    ["keyword=a&condition=broken", "成色取值无效"],
    ["keyword=a&city=", "城市不能为空"],
  ])("rejects '%s' with a 400", async (query, msg) => {
    expect(await call(t.app, "GET", `/api/goods/search/list?${query}`)).toMatchObject({ status: 400, msg });
  });
});
