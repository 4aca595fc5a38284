import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTicketFor, type RegisteredUser, registerUser } from "../test-support/accounts.js";
import { goodsFields, postGoods } from "../test-support/goods.js";
import { call, createTestApp, type TestApp } from "../test-support/test-app.js";

/**
 * Names others see (security audit, issue 26): a right-to-left override turns the text around it
 * ("gpj.exe" reads "exe.jpg"), a name of zero-width characters shows as nobody. Refused with a 400
 * naming the field, by the contract's one rule, wherever a name is set; nothing is written.
 */
let t: TestApp;
let user: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const RLO = "\u202E";
const BAD_NAMES = [
  `${RLO}gpj.exe`,
  "\u200B\u200B",
  "\u200B\u200C\u200D\u2060",
  "\uFEFF\u200B\u200B",
  `小梅\u2067`,
  "小\n梅",
];

function refusedFor(field: string, label: string) {
  return {
    status: 400,
    code: 400,
    msg: `${label}不能包含不可见或控制字符`,
    data: { issues: expect.arrayContaining([{ field, msg: `${label}不能包含不可见或控制字符` }]) },
  };
}

describe("names with bidi controls or nothing to see", () => {
  it("refuses them as a nickname and keeps the old one", async () => {
    for (const nickname of BAD_NAMES) {
      const reply = await call(t.app, "PUT", "/api/user/userinfo", { token: user.token, body: { nickname } });
      expect(reply, JSON.stringify(nickname)).toMatchObject(refusedFor("nickname", "昵称"));
    }
    const info = await call(t.app, "GET", "/api/user/getinfo", { token: user.token });
    expect(info.data.nickname).toBe(user.username);
    const fine = await call(t.app, "PUT", "/api/user/userinfo", {
      token: user.token,
      body: { nickname: "👨‍👩‍👧 小梅" },
    });
    expect(fine).toMatchObject({ code: 200, data: { nickname: "👨‍👩‍👧 小梅" } });
  });

  it("refuses them as a username at registration, creating no account and keeping the ticket", async () => {
    const emailTicket = await emailTicketFor(t.app, t.dataDir, "bidi@example.com", "register");
    for (const username of [`${RLO}abc`, "\u200B\u200B\u200B"]) {
      const reply = await call(t.app, "POST", "/api/user/reg", {
        body: { username, password: "secret123", email: "bidi@example.com", emailTicket },
      });
      expect(reply, JSON.stringify(username)).toMatchObject(refusedFor("username", "用户名"));
    }
    const rows = await t.app.db.selectFrom("users").select("id").where("email", "=", "bidi@example.com").execute();
    expect(rows).toEqual([]);
    const reply = await call(t.app, "POST", "/api/user/reg", {
      body: { username: "bidi_ok", password: "secret123", email: "bidi@example.com", emailTicket },
    });
    expect(reply).toMatchObject({ code: 200 });
  });

  it("refuses them as a goods title, posting or editing nothing", async () => {
    const goodsBefore = await t.app.db.selectFrom("goods").select("id").execute();
    for (const title of BAD_NAMES) {
      const reply = await call(t.app, "POST", "/api/goods/", { token: user.token, body: { ...goodsFields, title } });
      expect(reply, JSON.stringify(title)).toMatchObject(refusedFor("title", "标题"));
    }
    expect(await t.app.db.selectFrom("goods").select("id").execute()).toEqual(goodsBefore);

    const goods = await postGoods(t.app, user.token);
    const edit = await call(t.app, "PUT", `/api/goods/${goods.id}`, {
      token: user.token,
      body: { title: `${RLO}相机` },
    });
    expect(edit).toMatchObject(refusedFor("title", "标题"));
    const info = await call(t.app, "GET", `/api/goods/info/${goods.id}`);
    expect(info.data.title).toBe(goods.title);
  });

  it("refuses them as a saved search's name", async () => {
    const saved = await call(t.app, "POST", "/api/saved-searches", {
      token: user.token,
      body: { keyword: "相机", name: "\u200B\u200B" },
    });
    expect(saved).toMatchObject(refusedFor("name", "名称"));
    const kept = await call(t.app, "POST", "/api/saved-searches", { token: user.token, body: { keyword: "相机" } });
    expect(kept).toMatchObject({ code: 200 });
    const renamed = await call(t.app, "PUT", `/api/saved-searches/${kept.data.id}`, {
      token: user.token,
      body: { name: `${RLO}机相` },
    });
    expect(renamed).toMatchObject(refusedFor("name", "名称"));
  });
});
