import type { Suggestion } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { completionIn } from "./suggestions.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RESPONSE_CACHE_MS: "0" });
  const seller = await registerUser(t.app, t.dataDir);
  for (const title of ["九成新 苹果手机 13", "苹果手机 12 Pro", "苹果笔记本 M1", "华为手机 Mate", "Sony 相机"]) {
    await postGoods(t.app, seller.token, { title });
  }
});
afterAll(() => t.close());

const suggest = (q: string) => call<Suggestion[]>(t.app, "GET", `/api/goods/suggest?q=${encodeURIComponent(q)}`);

describe("search suggestions", () => {
  it("completes what was typed from the titles, the most frequent first", async () => {
    expect((await suggest("苹果")).data).toEqual([
      { kind: "keyword", text: "苹果手机" },
      { kind: "keyword", text: "苹果笔记本" },
    ]);
    expect((await suggest("so")).data).toEqual([{ kind: "keyword", text: "Sony" }]);
  });

  it("offers the category whose name holds it first", async () => {
    const answer = await suggest("手机");
    expect(answer.data[0]).toEqual({ kind: "category", text: "手机", category: "phones" });
  });

  it("answers nothing for what no goods hold, and refuses an empty or over-long text", async () => {
    expect((await suggest("潜水艇")).data).toEqual([]);
    for (const q of ["", "   ", "长".repeat(51), "长".repeat(1000)]) {
      const answer = await suggest(q);
      expect(answer.status, q.slice(0, 5)).toBe(400);
      expect(answer.msg).toBeTruthy();
    }
  });

  it("takes the word of the title starting where the text does", () => {
    expect(completionIn("九成新 苹果手机 13", "苹果")).toBe("苹果手机");
    expect(completionIn("IPHONE 13 pro", "iph")).toBe("IPHONE");
    expect(completionIn("乐高积木城市系列超大套装带说明书", "乐高")).toBe("乐高积木城市系列超大");
    expect(completionIn("二手自行车", "汽车")).toBeUndefined();
  });
});
