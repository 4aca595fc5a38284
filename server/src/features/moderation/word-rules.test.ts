import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { goodsFields, postGoods } from "../../test-support/goods.js";
import { actOn, registerModerator } from "../../test-support/moderation.js";
import { countRows } from "../../test-support/route-table.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { RULES_TTL_MS } from "../word-rules/index.js";

let t: TestApp;
let moderator: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({ RESPONSE_CACHE_MS: "0" });
  moderator = await registerModerator(t.app, t.dataDir);
});
afterAll(() => t.close());

const newUser = () => registerUser(t.app, t.dataDir);
const addRule = (word: string, action: string) =>
  call(t.app, "POST", "/api/admin/word-rules", { token: moderator.token, body: { word, action } });
const post = (user: RegisteredUser, fields: Record<string, unknown>) =>
  call(t.app, "POST", "/api/goods", { token: user.token, body: { ...goodsFields, ...fields } });

describe("prohibited-word rules", () => {
  it("refuses goods with a refused word, naming it, on posting and on editing, writing nothing", async () => {
    const seller = await newUser();
    expect(await addRule("仿真枪", "refuse")).toMatchObject({ code: 200, data: { word: "仿真枪", action: "refuse" } });
    const before = await countRows(t.app.db, t.database);
    const refused = await post(seller, { title: "出一把仿真枪" });
    expect(refused).toMatchObject({ status: 400, msg: "标题或描述含有违禁词“仿真枪”，不能发布" });
    expect(await countRows(t.app.db, t.database)).toEqual(before);

    const goods = await postGoods(t.app, seller.token);
    const edit = await call(t.app, "PUT", `/api/goods/${goods.id}`, {
      token: seller.token,
      body: { description: "送一把仿真枪" },
    });
    expect(edit).toMatchObject({ status: 400 });
    expect((await call(t.app, "GET", `/api/goods/info/${goods.id}`)).data.description).toBe(goodsFields.description);
  });

  it("holds goods with a word under review until a moderator approves them, then shows them", async () => {
    const [seller, visitor] = [await newUser(), await newUser()];
    await addRule("代购", "review");
    const held = await post(seller, { title: "日本代购 面霜" });
    expect(held).toMatchObject({ code: 200, data: { moderation: { visibility: "held" } } });
    expect(held.data.moderation.reason).toContain("代购");
    const id = held.data.id;
    expect(await call(t.app, "GET", `/api/goods/info/${id}`, { token: visitor.token })).toMatchObject({ status: 404 });

    const review = await call(t.app, "GET", "/api/admin/review", { token: moderator.token });
    expect(review.data.list.map((goods: { id: string }) => goods.id)).toContain(id);
    const context = await call(t.app, "GET", `/api/admin/targets/goods/${id}`, { token: moderator.token });
    expect(context.data.actions).toEqual(["hide_goods", "approve_goods", "warn", "suspend"]);

    const approved = await Promise.all(
      [1, 2].map(() => actOn(t.app, moderator, "goods", id, { action: "approve_goods" })),
    );
    expect(approved.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 1710]);
    expect(await call(t.app, "GET", `/api/goods/info/${id}`, { token: visitor.token })).toMatchObject({ code: 200 });
    const list = await call(t.app, "GET", "/api/goods/getlist?pageSize=100");
    expect(list.data.list.map((goods: { id: string }) => goods.id)).toContain(id);
  });

  it("lets moderators list, change and remove rules; a word is one rule in any case", async () => {
    const added = await addRule("Replica", "review");
    expect((await addRule("replica", "refuse")).code).toBe(1711);
    const changed = await call(t.app, "PUT", `/api/admin/word-rules/${added.data.id}`, {
      token: moderator.token,
      body: { action: "refuse" },
    });
    expect(changed.data).toMatchObject({ action: "refuse", createdBy: { id: moderator.id } });
    expect((await post(await newUser(), { title: "REPLICA watch" })).status).toBe(400);

    const rules = await call(t.app, "GET", "/api/admin/word-rules", { token: moderator.token });
    expect(rules.data.map((rule: { word: string }) => rule.word)).toContain("Replica");
    expect(
      (await call(t.app, "DELETE", `/api/admin/word-rules/${added.data.id}`, { token: moderator.token })).code,
    ).toBe(200);
    expect((await post(await newUser(), { title: "REPLICA watch" })).code).toBe(200);
    const gone = await call(t.app, "DELETE", `/api/admin/word-rules/${added.data.id}`, { token: moderator.token });
    expect(gone).toMatchObject({ status: 404, msg: "违禁词不存在" });
    expect((await addRule("", "refuse")).status).toBe(400);
    expect((await addRule("x", "maybe")).status).toBe(400);

    // Each change of the table is in the audit log, by whom; the refused ones are not.
    const log = await call(t.app, "GET", "/api/admin/log?pageSize=50", { token: moderator.token });
    const ofRule = log.data.list.filter(
      (line: { targetType: string; targetId: string }) =>
        line.targetType === "word_rule" && line.targetId === added.data.id,
    );
    expect(ofRule).toMatchObject([
      { action: "remove_word_rule", reason: "Replica（禁止发布）", moderator: { id: moderator.id } },
      { action: "change_word_rule", reason: "Replica（禁止发布）", moderator: { id: moderator.id } },
      { action: "add_word_rule", reason: "Replica（先审核后上架）", moderator: { id: moderator.id } },
    ]);
  });

  describe("once the rules kept in memory have lapsed", () => {
    afterEach(() => vi.useRealTimers());
    // Each test moves the clock further: the rules read in one test are kept into the next.
    let shift = 0;
    const lapse = () => {
      shift += RULES_TTL_MS + 1000;
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + shift });
    };

    it("an edit answers (it read them inside its transaction and hung the server on SQLite)", async () => {
      const seller = await newUser();
      const goods = await postGoods(t.app, seller.token);
      lapse();
      const edit = await call(t.app, "PUT", `/api/goods/${goods.id}`, {
        token: seller.token,
        body: { priceCents: 500 },
      });
      expect(edit).toMatchObject({ status: 200, code: 200, data: { priceCents: 500 } });
      expect(await call(t.app, "GET", "/api/health/live")).toMatchObject({ status: 200 });
      expect((await call(t.app, "GET", `/api/goods/info/${goods.id}`)).data.priceCents).toBe(500);
    });

    it("an edit meets a rule another process added meanwhile", async () => {
      const seller = await newUser();
      const goods = await postGoods(t.app, seller.token);
      // Straight into the table, as another server process would: this one is not told.
      await t.app.db
        .insertInto("wordRules")
        .values({ word: "高仿包", action: "refuse", createdBy: null, createdAt: new Date().toISOString() })
        .execute();
      lapse();
      const edit = await call(t.app, "PUT", `/api/goods/${goods.id}`, {
        token: seller.token,
        body: { title: "高仿包 九成新" },
      });
      expect(edit).toMatchObject({ status: 400, msg: "标题或描述含有违禁词“高仿包”，不能发布" });
    });
  });
});
