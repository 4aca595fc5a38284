import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { actOn, registerModerator, reportTarget } from "../../test-support/moderation.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
let moderator: RegisteredUser;
let second: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({ RESPONSE_CACHE_MS: "0" });
  [moderator, second] = [await registerModerator(t.app, t.dataDir), await registerModerator(t.app, t.dataDir)];
});
afterAll(() => t.close());

const newUser = () => registerUser(t.app, t.dataDir);
const signIn = (user: RegisteredUser) =>
  call(t.app, "POST", "/api/user/login/username", { body: { username: user.username, password: user.password } });
const ids = (page: { list: { id: string }[] }) => page.list.map((goods) => goods.id);
const COMMENT_ROUTE = "/api/goodscomment";

describe("the moderation console's actions", () => {
  it("takes reported goods down: gone for others everywhere, marked 已下架（违规） with the reason for the owner", async () => {
    const [seller, buyer, reporter] = [await newUser(), await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token, { title: "高仿名牌包 moderation" });
    await call(t.app, "POST", "/api/fav", { token: buyer.token, body: { goodsId: goods.id } });
    await reportTarget(t.app, reporter, "goods", goods.id, "counterfeit");
    await reportTarget(t.app, buyer, "goods", goods.id, "counterfeit");

    const hidden = await actOn(t.app, moderator, "goods", goods.id, { action: "hide_goods", reason: "假冒商品" });
    expect(hidden).toMatchObject({
      code: 200,
      data: { action: "hide_goods", reason: "假冒商品", resolvedReports: 2, targetUser: { id: seller.id } },
    });

    for (const viewer of [undefined, buyer.token]) {
      const detail = await call(t.app, "GET", `/api/goods/info/${goods.id}`, { token: viewer });
      expect(detail).toMatchObject({ status: 404, msg: "闲置不存在或已删除" });
    }
    const list = await call(t.app, "GET", "/api/goods/getlist?pageSize=100");
    expect(ids(list.data)).not.toContain(goods.id);
    const search = await call(t.app, "GET", `/api/goods/search/list?keyword=${encodeURIComponent("高仿名牌包")}`);
    expect(ids(search.data)).not.toContain(goods.id);
    const favourites = await call(t.app, "GET", "/api/fav", { token: buyer.token });
    expect(ids(favourites.data)).not.toContain(goods.id);

    const own = await call(t.app, "GET", `/api/goods/info/${goods.id}`, { token: seller.token });
    expect(own.data.moderation).toEqual({ visibility: "hidden", reason: "假冒商品" });
    const mine = await call(t.app, "GET", "/api/goods/getmylist", { token: seller.token });
    expect(mine.data.list[0]).toMatchObject({ id: goods.id, moderation: { visibility: "hidden" } });

    const queue = await call(t.app, "GET", "/api/admin/reports", { token: moderator.token });
    expect(queue.data.list.map((item: { targetId: string }) => item.targetId)).not.toContain(goods.id);

    // Nobody but the owner can act on them through the API either: no comment, no offer.
    const comment = await call(t.app, "POST", COMMENT_ROUTE, {
      token: buyer.token,
      body: { goodsId: goods.id, content: "还在吗" },
    });
    expect(comment).toMatchObject({ status: 404, msg: "闲置不存在或已删除" });
    const offer = await call(t.app, "POST", "/api/offers", {
      token: buyer.token,
      body: { goodsId: goods.id, amountCents: 100 },
    });
    expect(offer).toMatchObject({ status: 404, msg: "闲置不存在或已删除" });
    const ownComment = await call(t.app, "POST", COMMENT_ROUTE, {
      token: seller.token,
      body: { goodsId: goods.id, content: "已修改描述" },
    });
    expect(ownComment).toMatchObject({ code: 200 });
  });

  it("suspends a seller: signed out at once, refused at sign-in with the date, goods hidden until it ends", async () => {
    const [seller, reporter] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token);
    await reportTarget(t.app, reporter, "user", seller.id, "fraud");
    const before = await call(t.app, "GET", "/api/goods/getlist?pageSize=1");

    const done = await actOn(t.app, moderator, "user", seller.id, { action: "suspend", days: 7, reason: "诈骗" });
    expect(done).toMatchObject({ code: 200, data: { action: "suspend", days: 7 } });
    expect(await call(t.app, "GET", "/api/user/getinfo", { token: seller.token })).toMatchObject({ status: 401 });
    const refused = await signIn(seller);
    expect(refused).toMatchObject({ status: 403, data: { suspendedUntil: expect.any(String) } });
    expect(refused.msg).toMatch(/^账号已被封禁至 \d{4}年\d{1,2}月\d{1,2}日，原因：诈骗$/);
    expect(refused.data.reason).toBe("诈骗");
    expect(await call(t.app, "GET", `/api/goods/info/${goods.id}`)).toMatchObject({ status: 404 });
    const during = await call(t.app, "GET", "/api/goods/getlist?pageSize=1");
    expect(during.data.total).toBe(before.data.total - 1);

    // The week goes by: the next sign-in lets them in and brings their goods back.
    await t.app.db
      .updateTable("users")
      .set({ suspendedUntil: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", Number(seller.id))
      .execute();
    expect(await signIn(seller)).toMatchObject({ code: 200 });
    expect(await call(t.app, "GET", `/api/goods/info/${goods.id}`)).toMatchObject({ code: 200 });
    expect((await call(t.app, "GET", "/api/goods/getlist?pageSize=1")).data.total).toBe(before.data.total);
  });

  it("suspends for good, warns with a notification, removes a comment, and logs who did what and why", async () => {
    const [author, seller, reporter] = [await newUser(), await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token);
    const comment = await call(t.app, "POST", "/api/goodscomment", {
      token: author.token,
      body: { goodsId: goods.id, content: "加微信 xxx 低价" },
    });
    await reportTarget(t.app, reporter, "comment", comment.data.id, "spam");
    const removed = await actOn(t.app, moderator, "comment", comment.data.id, {
      action: "remove_comment",
      reason: "广告",
    });
    expect(removed.code).toBe(200);
    const comments = await call(t.app, "GET", `/api/goodscomment/getlist/${goods.id}`);
    expect(comments.data.total).toBe(0);

    await reportTarget(t.app, reporter, "user", author.id, "spam");
    await actOn(t.app, second, "user", author.id, { action: "warn", reason: "请勿发布广告" });
    const told = await call(t.app, "GET", "/api/notifications", { token: author.token });
    expect(told.data.list[0]).toMatchObject({ kind: "moderation_warning", actor: null, excerpt: "请勿发布广告" });

    await reportTarget(t.app, reporter, "user", author.id, "harassment");
    await actOn(t.app, moderator, "user", author.id, { action: "suspend", days: null, reason: "屡教不改" });
    expect((await signIn(author)).msg).toBe("账号已被永久封禁，原因：屡教不改");

    const log = await call(t.app, "GET", "/api/admin/log?pageSize=3", { token: moderator.token });
    expect(log.data.list.map((line: { action: string }) => line.action)).toEqual(["suspend", "warn", "remove_comment"]);
    expect(log.data.list[1]).toMatchObject({
      moderator: { id: second.id },
      targetType: "user",
      targetUser: { id: author.id },
      reason: "请勿发布广告",
    });
    expect(log.data.list[0]).toMatchObject({ days: null, moderator: { id: moderator.id } });
  });

  it("gives two moderators acting on the same report at once one result", async () => {
    const [seller, reporter] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token);
    await reportTarget(t.app, reporter, "goods", goods.id);
    const answers = await Promise.all([
      actOn(t.app, moderator, "goods", goods.id, { action: "hide_goods", reason: "违规" }),
      actOn(t.app, second, "goods", goods.id, { action: "dismiss" }),
    ]);
    expect(answers.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 1710]);
    const lines = await t.app.db
      .selectFrom("moderationLog")
      .select("id")
      .where("targetId", "=", Number(goods.id))
      .execute();
    expect(lines).toHaveLength(1);

    const [other, comment] = [
      await newUser(),
      await call(t.app, "POST", "/api/goodscomment", {
        token: seller.token,
        body: { goodsId: (await postGoods(t.app, reporter.token)).id, content: "骂人的话" },
      }),
    ];
    await reportTarget(t.app, other, "comment", comment.data.id, "harassment");
    const both = await Promise.all([
      actOn(t.app, moderator, "comment", comment.data.id, { action: "warn", reason: "文明用语" }),
      actOn(t.app, second, "comment", comment.data.id, { action: "warn", reason: "文明用语" }),
    ]);
    expect(both.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 1710]);
    const warnings = await call(t.app, "GET", "/api/notifications", { token: seller.token });
    expect(warnings.data.list.filter((n: { kind: string }) => n.kind === "moderation_warning")).toHaveLength(1);
  });

  it("refuses an action that does not fit the target, a missing reason and an unknown target, writing nothing", async () => {
    const [seller, reporter] = [await newUser(), await newUser()];
    await reportTarget(t.app, reporter, "user", seller.id);
    for (const body of [
      { action: "hide_goods", reason: "x" },
      { action: "warn", reason: "" },
      { action: "suspend", reason: "x", days: 0 },
      { action: "suspend", reason: "x" },
      { action: "explode" },
    ]) {
      expect((await actOn(t.app, moderator, "user", seller.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await actOn(t.app, moderator, "goods", "99999999", { action: "dismiss" })).code).toBe(1710);
    expect(await call(t.app, "GET", "/api/admin/targets/goods/99999999", { token: moderator.token })).toMatchObject({
      status: 404,
    });
    const open = await t.app.db
      .selectFrom("reports")
      .select("status")
      .where("targetId", "=", Number(seller.id))
      .execute();
    expect(open.map((row) => row.status)).toEqual(["open"]);
  });

  it("lets the console warn and suspend the seller from goods whose reports hiding closed, refusing what is done", async () => {
    const [seller, reporter] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token);
    await reportTarget(t.app, reporter, "goods", goods.id, "counterfeit");
    const context = async () =>
      (await call(t.app, "GET", `/api/admin/targets/goods/${goods.id}`, { token: moderator.token })).data;

    const reported = await context();
    expect(reported).toMatchObject({ lastActionId: null, actions: ["hide_goods", "warn", "suspend", "dismiss"] });
    const hidden = await actOn(t.app, moderator, "goods", goods.id, {
      action: "hide_goods",
      reason: "假冒商品",
      seenActionId: reported.lastActionId,
    });
    expect(hidden).toMatchObject({ code: 200, data: { resolvedReports: 1 } });

    // No report is open any more; the item still offers what can be done to its seller.
    const afterHiding = await context();
    expect(afterHiding).toMatchObject({ lastActionId: hidden.data.id, openReports: [], actions: ["warn", "suspend"] });
    const warned = await actOn(t.app, moderator, "goods", goods.id, {
      action: "warn",
      reason: "请勿售卖假货",
      seenActionId: afterHiding.lastActionId,
    });
    expect(warned).toMatchObject({
      code: 200,
      data: { action: "warn", resolvedReports: 0, targetUser: { id: seller.id } },
    });
    const told = await call(t.app, "GET", "/api/notifications", { token: seller.token });
    expect(told.data.list[0]).toMatchObject({ kind: "moderation_warning", excerpt: "请勿售卖假货" });

    // A decision on what the moderator saw before the warning is someone else's to make now.
    const stale = await actOn(t.app, second, "goods", goods.id, {
      action: "suspend",
      reason: "售假",
      days: 7,
      seenActionId: afterHiding.lastActionId,
    });
    expect(stale.code).toBe(1710);
    const suspended = await actOn(t.app, second, "goods", goods.id, {
      action: "suspend",
      reason: "售假",
      days: 7,
      seenActionId: (await context()).lastActionId,
    });
    expect(suspended).toMatchObject({ code: 200, data: { action: "suspend", days: 7, resolvedReports: 0 } });
    expect(await call(t.app, "GET", "/api/user/getinfo", { token: seller.token })).toMatchObject({ status: 401 });
    expect((await signIn(seller)).msg).toMatch(/^账号已被封禁至 .*，原因：售假$/);

    // Done already: hiding hidden goods, dismissing no report; and without what the console saw,
    // an action must still close an open report.
    const latest = (await context()).lastActionId;
    for (const body of [
      { action: "hide_goods", reason: "再次下架", seenActionId: latest },
      { action: "dismiss", seenActionId: latest },
      { action: "suspend", reason: "售假", days: 30 },
      { action: "warn", reason: "售假" },
    ]) {
      expect((await actOn(t.app, moderator, "goods", goods.id, body)).code, JSON.stringify(body)).toBe(1710);
    }
    const lines = await t.app.db
      .selectFrom("moderationLog")
      .select(["action", "resolvedReports"])
      .where("targetType", "=", "goods")
      .where("targetId", "=", Number(goods.id))
      .orderBy("id")
      .execute();
    expect(lines).toEqual([
      { action: "hide_goods", resolvedReports: 1 },
      { action: "warn", resolvedReports: 0 },
      { action: "suspend", resolvedReports: 0 },
    ]);
  });

  it("gives two moderators suspending at once one result, with a report open and from an item without one", async () => {
    const [seller, reporter] = [await newUser(), await newUser()];
    const goods = await postGoods(t.app, seller.token);
    await reportTarget(t.app, reporter, "user", seller.id);
    const suspend = (who: RegisteredUser, type: string, id: string, seen?: string | null) =>
      actOn(t.app, who, type, id, {
        action: "suspend",
        reason: "售假",
        days: 3,
        ...(seen !== undefined && { seenActionId: seen }),
      });
    const reported = await Promise.all([suspend(moderator, "user", seller.id), suspend(second, "user", seller.id)]);
    expect(reported.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 1710]);

    const { data } = await call(t.app, "GET", `/api/admin/targets/goods/${goods.id}`, { token: moderator.token });
    expect(data).toMatchObject({ openReports: [], lastActionId: null });
    const fromItem = await Promise.all([
      suspend(moderator, "goods", goods.id, data.lastActionId),
      suspend(second, "goods", goods.id, data.lastActionId),
    ]);
    expect(fromItem.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 1710]);
    const lines = await t.app.db
      .selectFrom("moderationLog")
      .select("id")
      .where("targetUserId", "=", Number(seller.id))
      .execute();
    expect(lines).toHaveLength(2);
  });
});
