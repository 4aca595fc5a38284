import { CATEGORIES } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { call, createTestApp, type TestApp } from "../test-support/test-app.js";
import { DEMO_GOODS, DEMO_LISTED_COUNT } from "./demo-goods.js";
import { DEMO_PASSWORD, DEMO_USERS } from "./seed.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO_DATA: "true" });
});
afterAll(() => t.close());

describe("demo data on first start", () => {
  it("has trades: a rated seller, purchases and sales, a deal in progress and an open offer", async () => {
    const login = async (username: string) =>
      (await call(t.app, "POST", "/api/user/login/username", { body: { username, password: DEMO_PASSWORD } })).data;
    const alice = await login("alice");
    const profile = await call(t.app, "GET", `/api/user/${alice.userInfo.id}/profile`);
    // bob's review shows (both wrote theirs); carol's waits for alice's.
    expect(profile.data).toMatchObject({ ratingAverage: 5, ratingCount: 1, completedSales: 2 });
    const sales = await call(t.app, "GET", "/api/deals?role=seller", { token: alice.token });
    expect(sales.data.list.map((deal: { status: string }) => deal.status)).toEqual(["completed", "completed"]);
    const bought = await call(t.app, "GET", "/api/deals?role=buyer", { token: alice.token });
    expect(bought.data.list.map((deal: { status: string }) => deal.status)).toEqual(["reserved"]);
  });

  it("lets a newcomer sign in as each demo user", async () => {
    for (const demo of DEMO_USERS) {
      const reply = await call(t.app, "POST", "/api/user/login/username", {
        body: { username: demo.username, password: DEMO_PASSWORD },
      });
      expect(reply).toMatchObject({ code: 200, data: { userInfo: { nickname: demo.nickname, email: demo.email } } });
    }
  });

  it("fills the home page: goods in every category, each with a picture that is served", async () => {
    const list = await call(t.app, "GET", "/api/goods/getlist?pageSize=100");
    expect(list.data.total).toBe(DEMO_LISTED_COUNT);
    expect(new Set(list.data.list.map((goods: { category: string }) => goods.category))).toEqual(
      new Set(Object.keys(CATEGORIES)),
    );
    for (const goods of list.data.list) {
      expect(goods.coverUrl).toMatch(/^\/files\/\w+-thumb\.webp$/);
      expect((await t.app.inject({ method: "GET", url: goods.coverUrl })).statusCode).toBe(200);
    }
    const commented = list.data.list.find((goods: { commentCount: number }) => goods.commentCount > 0);
    expect(commented).toBeDefined();
  });

  it("has a favourite that got cheaper since it was kept, for 降价 ¥X on a fresh machine", async () => {
    const login = await call(t.app, "POST", "/api/user/login/username", {
      body: { username: "bob", password: DEMO_PASSWORD },
    });
    const favorites = await call(t.app, "GET", "/api/fav", { token: login.data.token });
    const iphone = favorites.data.list.find((goods: { title: string }) => goods.title === DEMO_GOODS[0]?.title);
    expect(iphone).toMatchObject({ priceCents: 230000, priceDropCents: 9900 });
  });

  it("is not added again on the next start", async () => {
    const again = await buildApp(t.config, { database: t.database, logger: false });
    const users = await again.db.selectFrom("users").select("username").execute();
    const goods = await again.db.selectFrom("goods").select("id").execute();
    await again.close();
    expect(users.map((user) => user.username).sort()).toEqual(DEMO_USERS.map((user) => user.username).sort());
    expect(goods).toHaveLength(DEMO_GOODS.length);
  });
});
