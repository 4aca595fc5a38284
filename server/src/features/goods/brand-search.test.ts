import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { searchTerms } from "./goods-search.js";

let t: TestApp;
let goods: { chinese: string; latin: string; adidas: string; plain: string; switch: string };
beforeAll(async () => {
  t = await createTestApp({ RESPONSE_CACHE_MS: "0" });
  const seller = await registerUser(t.app, t.dataDir);
  const post = async (title: string, description: string, category = "clothing") =>
    (await postGoods(t.app, seller.token, { title, description, category })).id;
  goods = {
    chinese: await post("耐克 Air Force 1 白色", "42码板鞋，穿过三次"),
    latin: await post("Nike Dunk Low 板鞋", "熊猫配色 九成新", "sports"),
    adidas: await post("阿迪达斯 三叶草外套", "M码 黑色"),
    plain: await post("帆布板鞋 白色", "百搭 送鞋带"),
    switch: await post("任天堂 Switch 续航版", "送两个手柄", "digital"),
  };
});
afterAll(() => t.close());

/** The ids a search finds, in its order, with its total. */
async function found(keyword: string, query = "") {
  const reply = await call(t.app, "GET", `/api/goods/search/list?keyword=${encodeURIComponent(keyword)}${query}`);
  expect(reply.code).toBe(200);
  return { ids: reply.data.list.map((item: { id: string }) => item.id), total: reply.data.total };
}

describe("a brand searched by either of its names", () => {
  it("finds goods written with the other name, in any letter case", async () => {
    const both = [goods.latin, goods.chinese].sort();
    for (const keyword of ["Nike", "nike", "NIKE", "耐克", "耐克 Nike"]) {
      const { ids, total } = await found(keyword);
      expect([...ids].sort(), keyword).toEqual(both);
      expect(total, keyword).toBe(2);
    }
    expect((await found("Adidas")).ids).toEqual([goods.adidas]);
    expect((await found("阿迪达斯")).ids).toEqual([goods.adidas]);
    // Names all of three letters and more: SQLite's trigram table, PostgreSQL's pg_trgm.
    expect((await found("Nintendo")).ids).toEqual([goods.switch]);
    expect((await found("nintendo switch")).ids).toEqual([goods.switch]);
  });

  it("combines with another word, its filters and orders, title matches first", async () => {
    // 耐克 板鞋: two words of two Chinese letters, which SQLite may answer from the words held in memory.
    for (const keyword of ["耐克 板鞋", "Nike 板鞋", "板鞋 nike"]) {
      // Both hold 板鞋, the Nike Dunk in its title: it comes first by relevance.
      expect((await found(keyword)).ids, keyword).toEqual([goods.latin, goods.chinese]);
      expect((await found(keyword, "&category=sports")).ids, keyword).toEqual([goods.latin]);
      expect((await found(keyword, "&sort=latest")).ids, keyword).toEqual([goods.latin, goods.chinese]);
      expect((await found(keyword, "&sort=price_asc")).total, keyword).toBe(2);
    }
    expect((await found("耐克 三叶草")).ids).toEqual([]);
    expect((await found("Nike 白色", "&sort=latest")).ids).toEqual([goods.chinese]);
  });

  it("leaves a word of no brand as it was", async () => {
    expect([...(await found("板鞋")).ids].sort()).toEqual([goods.chinese, goods.latin, goods.plain].sort());
    expect((await found("Dunk")).ids).toEqual([goods.latin]);
    expect((await found("白色 板鞋")).ids).toEqual([goods.plain, goods.chinese]);
    expect(searchTerms("帆布 板鞋 九成新")).toEqual([["帆布"], ["板鞋"], ["九成新"]]);
    expect(searchTerms("nike 板鞋 耐克")).toEqual([["nike", "耐克"], ["板鞋"]]);
  });
});
