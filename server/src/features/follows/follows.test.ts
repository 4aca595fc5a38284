import type { Goods, Page } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { countRows } from "../../test-support/route-table.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = () => registerUser(t.app, t.dataDir);
const follow = (fan: RegisteredUser, seller: RegisteredUser) =>
  call(t.app, "POST", "/api/follows", { token: fan.token, body: { userId: seller.id } });
const unfollow = (fan: RegisteredUser, seller: RegisteredUser) =>
  call(t.app, "DELETE", `/api/follows/${seller.id}`, { token: fan.token });
const profileOf = async (user: RegisteredUser) => (await call(t.app, "GET", `/api/user/${user.id}/profile`)).data;

describe("following sellers", () => {
  it("follows and unfollows, with the counts on both users' pages", async () => {
    const [fan, seller, other] = [await newUser(), await newUser(), await newUser()];
    expect(await follow(fan, seller)).toMatchObject({ code: 200, data: { following: true, followerCount: 1 } });
    await follow(other, seller);
    expect(await profileOf(seller)).toMatchObject({ followerCount: 2, followingCount: 0 });
    expect(await profileOf(fan)).toMatchObject({ followerCount: 0, followingCount: 1 });
    expect((await call(t.app, "GET", `/api/follows/${seller.id}`, { token: fan.token })).data).toEqual({
      following: true,
      followerCount: 2,
    });

    expect((await unfollow(fan, seller)).data).toEqual({ following: false, followerCount: 1 });
    expect((await call(t.app, "GET", `/api/follows/${seller.id}`, { token: fan.token })).data).toEqual({
      following: false,
      followerCount: 1,
    });
  });

  it("lists whom the user follows, newest first", async () => {
    const [fan, first, second] = [await newUser(), await newUser(), await newUser()];
    await follow(fan, first);
    await follow(fan, second);
    const page = (await call(t.app, "GET", "/api/follows", { token: fan.token })).data;
    expect(page.total).toBe(2);
    expect(page.list.map((line: { user: { id: string } }) => line.user.id)).toEqual([second.id, first.id]);
  });

  it("refuses following oneself, twice, or nobody, and unfollowing whom one does not follow, writing nothing", async () => {
    const [fan, seller] = [await newUser(), await newUser()];
    await follow(fan, seller);
    const before = await countRows(t.app.db, t.database);
    expect(await follow(fan, fan)).toMatchObject({ code: 1601, msg: "不能关注自己" });
    expect(await follow(fan, seller)).toMatchObject({ code: 1602, msg: "你已经关注了这位卖家" });
    expect(await unfollow(seller, fan)).toMatchObject({ code: 1603, msg: "你还没有关注这位卖家" });
    const nobody = await call(t.app, "POST", "/api/follows", { token: fan.token, body: { userId: "99999999" } });
    expect(nobody).toMatchObject({ status: 404, msg: "用户不存在" });
    expect(await countRows(t.app.db, t.database)).toEqual(before);
  });

  it("makes one follow of two pressed at the same moment", async () => {
    const [fan, seller] = [await newUser(), await newUser()];
    const answers = await Promise.all([follow(fan, seller), follow(fan, seller)]);
    expect(answers.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 1602]);
    expect(await profileOf(seller)).toMatchObject({ followerCount: 1 });
  });
});

describe("the goods of followed sellers", () => {
  it("lists their goods on sale, newest first, in the 关注 feed, and tells each follower of new goods", async () => {
    const [fan, seller, stranger] = [await newUser(), await newUser(), await newUser()];
    const older = await postGoods(t.app, seller.token, { title: "关注前发布的台灯" });
    await follow(fan, seller);
    const newer = await postGoods(t.app, seller.token, { title: "关注后发布的相机" });
    const sold = await postGoods(t.app, seller.token, { title: "已经卖掉的书" });
    await call(t.app, "PUT", `/api/goods/${sold.id}/status`, { token: seller.token, body: { status: "sold" } });
    await postGoods(t.app, stranger.token, { title: "陌生人的自行车" });

    const feed = await call<Page<Goods>>(t.app, "GET", "/api/goods/following", { token: fan.token });
    expect(feed.data.list.map((goods) => goods.title)).toEqual([newer.title, older.title]);
    expect(feed.data.total).toBe(2);

    const centre = (await call(t.app, "GET", "/api/notifications", { token: fan.token })).data;
    expect(
      centre.list.map((item: { kind: string; goods: { title: string }; actor: { id: string } }) => [
        item.kind,
        item.goods.title,
        item.actor.id,
      ]),
    ).toEqual(
      [
        ["followed_seller", "已经卖掉的书"],
        ["followed_seller", "关注后发布的相机"],
      ].map(([kind, title]) => [kind, title, seller.id]),
    );
  });
});
