import { DiscoveryLimits, type NotificationPage, type SavedSearch } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceDeps } from "../../services.js";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { countRows } from "../../test-support/route-table.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { matchSavedSearches } from "./saved-search-matcher.js";

let t: TestApp;
let seller: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const newUser = () => registerUser(t.app, t.dataDir);
const save = (user: RegisteredUser, body: unknown) =>
  call<SavedSearch>(t.app, "POST", "/api/saved-searches", { token: user.token, body });
/** One round of the job, taking goods posted a moment ago too. */
const matchRound = () => matchSavedSearches(serviceDeps(t.app), 0);
/** Drains the goods posted so far, so a test matches only its own. */
const settle = async () => {
  while ((await matchRound()) > 0) {}
};
const searchNotices = async (user: RegisteredUser) => {
  const page = await call<NotificationPage>(t.app, "GET", "/api/notifications", { token: user.token });
  return page.data.list
    .filter((item) => item.kind === "saved_search")
    .map((item) => ({ goods: item.goods?.title, savedSearchId: item.savedSearchId, excerpt: item.excerpt }));
};
/** As if the search's quiet hour had passed. */
const endQuietHour = (id: string) =>
  t.app.db
    .updateTable("savedSearches")
    .set({ notifiedAt: "2000-01-01T00:00:00.000Z" })
    .where("id", "=", Number(id))
    .execute();

describe("saved searches", () => {
  it("saves, lists, renames and deletes the caller's searches", async () => {
    const user = await newUser();
    const saved = await save(user, {
      keyword: "索尼 相机",
      category: "digital",
      maxPrice: 300000,
      condition: ["good", "new"],
    });
    expect(saved).toMatchObject({ code: 200, data: { name: "索尼 相机", notifiedAt: null } });
    expect(saved.data.criteria).toEqual({
      keyword: "索尼 相机",
      category: "digital",
      maxPrice: 300000,
      condition: ["good", "new"],
    });
    await save(user, { keyword: "自行车", city: "上海", name: "上海的自行车" });
    const listed = await call<SavedSearch[]>(t.app, "GET", "/api/saved-searches", { token: user.token });
    expect(listed.data.map((search) => search.name)).toEqual(["上海的自行车", "索尼 相机"]);

    const renamed = await call(t.app, "PUT", `/api/saved-searches/${saved.data.id}`, {
      token: user.token,
      body: { name: "便宜相机" },
    });
    expect(renamed.data).toMatchObject({ id: saved.data.id, name: "便宜相机" });
    expect((await call(t.app, "DELETE", `/api/saved-searches/${saved.data.id}`, { token: user.token })).code).toBe(200);
    const left = await call<SavedSearch[]>(t.app, "GET", "/api/saved-searches", { token: user.token });
    expect(left.data.map((search) => search.name)).toEqual(["上海的自行车"]);
  });

  it("refuses a second copy, a 21st search, another user's search and bad criteria, writing nothing", async () => {
    const [user, other] = [await newUser(), await newUser()];
    const first = await save(user, { keyword: "乐高", condition: ["new", "good"] });
    const before = await countRows(t.app.db, t.database);
    expect(await save(user, { keyword: "乐高", condition: ["good", "new"] })).toMatchObject({
      code: 1605,
      msg: "这个搜索已经保存过了",
    });
    for (const [url, method, body] of [
      [`/api/saved-searches/${first.data.id}`, "PUT", { name: "别人的" }],
      [`/api/saved-searches/${first.data.id}`, "DELETE", undefined],
    ] as const) {
      expect(await call(t.app, method, url, { token: other.token, body })).toMatchObject({
        status: 404,
        msg: "保存的搜索不存在",
      });
    }
    for (const bad of [
      { keyword: "" },
      { keyword: "x".repeat(51) },
      { keyword: "手机", minPrice: 500, maxPrice: 100 },
      { keyword: "手机", name: "名".repeat(21) },
      { keyword: "手机", category: "cars" },
    ]) {
      expect((await save(user, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(await countRows(t.app.db, t.database)).toEqual(before);

    for (let n = 1; n < DiscoveryLimits.savedSearchesMax; n += 1) await save(user, { keyword: `关键词${n}` });
    expect(await save(user, { keyword: "第二十一个" })).toMatchObject({ code: 1604 });
  });

  it("keeps the limit when searches are saved at the same moment", async () => {
    const user = await newUser();
    for (let n = 1; n < DiscoveryLimits.savedSearchesMax; n += 1) await save(user, { keyword: `词${n}` });
    const answers = await Promise.all([save(user, { keyword: "同时一" }), save(user, { keyword: "同时二" })]);
    expect(answers.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 1604]);
  });
});

describe("new goods matching a saved search", () => {
  it("tells the owner of goods matching keyword and filters, not of others, nor of their own goods", async () => {
    const fan = await newUser();
    const search = await save(fan, { keyword: "索尼 相机", maxPrice: 300000, city: "上海" });
    await settle();
    await postGoods(t.app, seller.token, { title: "索尼微单相机 A7", location: "上海 徐汇", priceCents: 250000 });
    await postGoods(t.app, seller.token, { title: "索尼耳机", location: "上海", priceCents: 50000 });
    await postGoods(t.app, seller.token, { title: "索尼相机 贵的", location: "上海", priceCents: 900000 });
    await postGoods(t.app, seller.token, { title: "佳能相机", description: "送索尼电池", location: "上海" });
    await postGoods(t.app, seller.token, { title: "索尼相机", location: "北京" });
    await postGoods(t.app, fan.token, { title: "我自己的索尼相机", location: "上海" });
    await settle();
    expect(await searchNotices(fan)).toEqual([
      { goods: "佳能相机", savedSearchId: search.data.id, excerpt: "索尼 相机 · 2 件新闲置" },
    ]);
  });

  it("tells each search at most once an hour, then adds up what matched meanwhile", async () => {
    const fan = await newUser();
    const search = await save(fan, { keyword: "任天堂" });
    await settle();
    await postGoods(t.app, seller.token, { title: "任天堂 Switch" });
    await settle();
    await postGoods(t.app, seller.token, { title: "任天堂 游戏卡带" });
    await settle();
    await postGoods(t.app, seller.token, { title: "任天堂 手柄" });
    await settle();
    expect((await searchNotices(fan)).map((notice) => notice.excerpt)).toEqual(["任天堂 · 1 件新闲置"]);

    await endQuietHour(search.data.id);
    await settle();
    expect(await searchNotices(fan)).toEqual([
      { goods: "任天堂 手柄", savedSearchId: search.data.id, excerpt: "任天堂 · 2 件新闲置" },
      { goods: "任天堂 Switch", savedSearchId: search.data.id, excerpt: "任天堂 · 1 件新闲置" },
    ]);
  });

  it("carries the search's keyword and filters, for the notification to open it, until the search is deleted", async () => {
    const fan = await newUser();
    const criteria = { keyword: "胶片相机", maxPrice: 300000, city: "上海" };
    const search = await save(fan, { ...criteria, name: "便宜的胶片机" });
    await settle();
    await postGoods(t.app, seller.token, { title: "胶片相机 海鸥", location: "上海", priceCents: 80000 });
    await settle();
    const centre = async () =>
      (await call<NotificationPage>(t.app, "GET", "/api/notifications", { token: fan.token })).data.list;
    expect((await centre())[0]).toMatchObject({
      kind: "saved_search",
      savedSearchId: search.data.id,
      searchCriteria: criteria,
    });

    await call(t.app, "DELETE", `/api/saved-searches/${search.data.id}`, { token: fan.token });
    expect((await centre())[0]).toMatchObject({ kind: "saved_search", searchCriteria: null });
  });

  it("matches each goods once when two rounds run at the same moment", async () => {
    const fan = await newUser();
    await save(fan, { keyword: "黑胶唱机" });
    await settle();
    await postGoods(t.app, seller.token, { title: "黑胶唱机 复古" });
    await Promise.all([matchRound(), matchRound(), matchRound()]);
    expect(await searchNotices(fan)).toHaveLength(1);
  });
});
