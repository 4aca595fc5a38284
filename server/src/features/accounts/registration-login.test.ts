import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTicketFor, registerUser } from "../../test-support/accounts.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

function register(body: Record<string, unknown>) {
  return call(t.app, "POST", "/api/user/reg", { body });
}

describe("registration", () => {
  it("creates the account, signs the user in and never returns the password", async () => {
    const emailTicket = await emailTicketFor(t.app, t.dataDir, "Mei@Example.com", "register");
    const reply = await register({ username: "小梅_01", password: "secret123", email: "Mei@Example.com", emailTicket });
    expect(reply).toMatchObject({ status: 200, code: 200, msg: "注册成功" });
    expect(reply.data.userInfo).toEqual({
      id: expect.any(String),
      username: "小梅_01",
      email: "mei@example.com",
      nickname: "小梅_01",
      avatarUrl: null,
      bio: "",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const info = await call(t.app, "GET", "/api/user/getinfo", { token: reply.data.token });
    expect(info.data).toEqual(reply.data.userInfo);
    const row = await t.app.db
      .selectFrom("users")
      .select("passwordHash")
      .where("username", "=", "小梅_01")
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain("secret123");
  });

  it("refuses a username taken in any letter case, and gives the ticket back", async () => {
    await registerUser(t.app, t.dataDir, { username: "Taken" });
    const emailTicket = await emailTicketFor(t.app, t.dataDir, "second@example.com", "register");
    const before = await userCount();
    const reply = await register({
      username: "tAKEN",
      password: "secret123",
      email: "second@example.com",
      emailTicket,
    });
    expect(reply).toMatchObject({ status: 200, code: 1101, msg: "用户名已被注册" });
    expect(await userCount()).toBe(before);
    const retry = await register({
      username: "second",
      password: "secret123",
      email: "second@example.com",
      emailTicket,
    });
    expect(retry).toMatchObject({ code: 200 });
  });

  it("refuses an e-mail address registered since the code was sent, in any letter case", async () => {
    const emailTicket = await emailTicketFor(t.app, t.dataDir, "race@example.com", "register");
    await t.app.db
      .insertInto("users")
      .values({
        username: "early",
        usernameLower: "early",
        email: "race@example.com",
        passwordHash: "x",
        nickname: "early",
        avatarUrl: null,
        bio: "",
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .execute();
    const reply = await register({ username: "late", password: "secret123", email: "RACE@example.com", emailTicket });
    expect(reply).toMatchObject({ code: 1102, msg: "该邮箱已被注册" });
  });

  it("spends the e-mail ticket on success and refuses a made-up one", async () => {
    const emailTicket = await emailTicketFor(t.app, t.dataDir, "spent@example.com", "register");
    await register({ username: "spent1", password: "secret123", email: "spent@example.com", emailTicket });
    const tickets = await t.app.db
      .selectFrom("emailTickets")
      .selectAll()
      .where("email", "=", "spent@example.com")
      .execute();
    expect(tickets).toEqual([]);
    const madeUp = await register({
      username: "made_up",
      password: "secret123",
      email: "made-up@example.com",
      emailTicket: "abc",
    });
    expect(madeUp).toMatchObject({ code: 1007, msg: "邮箱验证已失效，请重新验证" });
  });

  it("answers a made-up ticket alike for a registered and an unknown address or name", async () => {
    const known = await registerUser(t.app, t.dataDir);
    const tries = [
      { username: "fresh_name", email: known.email },
      { username: "fresh_name", email: "nobody-here@example.com" },
      { username: known.username, email: "nobody-here@example.com" },
    ];
    const replies = await Promise.all(
      tries.map((fields) => register({ ...fields, password: "secret123", emailTicket: "made-up-ticket" })),
    );
    for (const reply of replies) expect(reply).toMatchObject({ code: 1007, msg: "邮箱验证已失效，请重新验证" });
  });

  it("lets exactly one of two simultaneous registrations of a name win", async () => {
    const tickets = await Promise.all(
      ["racer1@example.com", "racer2@example.com"].map((email) => emailTicketFor(t.app, t.dataDir, email, "register")),
    );
    const replies = await Promise.all(
      tickets.map((emailTicket, i) =>
        register({ username: "racer", password: "secret123", email: `racer${i + 1}@example.com`, emailTicket }),
      ),
    );
    expect(replies.map((reply) => reply.code).sort((a, b) => a - b)).toEqual([200, 1101]);
    const rows = await t.app.db.selectFrom("users").select("email").where("usernameLower", "=", "racer").execute();
    expect(rows).toHaveLength(1);
  });

  it("rejects bad fields with a 400 naming the field, and writes nothing", async () => {
    const emailTicket = await emailTicketFor(t.app, t.dataDir, "fields@example.com", "register");
    const good = { username: "fields", password: "secret123", email: "fields@example.com", emailTicket };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, username: undefined }, "用户名不能为空"],
      [{ ...good, username: "a" }, "用户名至少 2 个字符"],
      [{ ...good, username: "a".repeat(21) }, "用户名最多 20 个字符"],
      [{ ...good, username: "bad name!" }, "用户名只能包含字母、数字、下划线和汉字"],
      [{ ...good, username: "me@example.com" }, "用户名只能包含字母、数字、下划线和汉字"],
      [{ ...good, username: 12345 }, "用户名类型错误"],
      [{ ...good, password: "short1" }, "密码至少 8 个字符"],
      [{ ...good, password: "onlyletters" }, "密码须同时包含字母和数字"],
      [{ ...good, password: `a1${"x".repeat(63)}` }, "密码最多 64 个字符"],
      [{ ...good, email: "nope" }, "邮箱格式不正确"],
      [{ ...good, emailTicket: undefined }, "邮箱验证凭证不能为空"],
    ];
    const before = await userCount();
    for (const [body, msg] of cases) {
      expect(await register(body), JSON.stringify(body)).toMatchObject({ status: 400, code: 400, msg });
    }
    expect(await userCount()).toBe(before);
    expect(await register(good)).toMatchObject({ code: 200 });
  });
});

describe("login", () => {
  it("signs in by username (any case) and by e-mail (any case), each with a new token", async () => {
    const user = await registerUser(t.app, t.dataDir, { username: "Login_Me", password: "letmein99" });
    const byName = await call(t.app, "POST", "/api/user/login/username", {
      body: { username: "login_me", password: "letmein99" },
    });
    expect(byName).toMatchObject({ code: 200, msg: "登录成功", data: { userInfo: { username: "Login_Me" } } });
    const byEmail = await call(t.app, "POST", "/api/user/login/email", {
      body: { email: user.email.toUpperCase(), password: "letmein99" },
    });
    expect(byEmail).toMatchObject({ code: 200, data: { userInfo: { id: user.id } } });
    expect(new Set([user.token, byName.data.token, byEmail.data.token]).size).toBe(3);
    for (const token of [user.token, byName.data.token, byEmail.data.token]) {
      expect(await call(t.app, "GET", "/api/user/getinfo", { token })).toMatchObject({ code: 200 });
    }
  });

  it("gives the same answer for a wrong password and an unknown account", async () => {
    await registerUser(t.app, t.dataDir, { username: "wrongpw" });
    const wrong = await call(t.app, "POST", "/api/user/login/username", {
      body: { username: "wrongpw", password: "nope1234" },
    });
    const unknown = await call(t.app, "POST", "/api/user/login/username", {
      body: { username: "ghost", password: "nope1234" },
    });
    expect(wrong).toMatchObject({ status: 200, code: 1104, msg: "用户名或密码错误", data: null });
    expect(unknown).toMatchObject({ status: 200, code: 1104, msg: "用户名或密码错误", data: null });
    const byEmail = await call(t.app, "POST", "/api/user/login/email", {
      body: { email: "ghost@example.com", password: "x" },
    });
    expect(byEmail).toMatchObject({ code: 1105, msg: "邮箱或密码错误" });
  });

  it("rejects missing and mistyped fields with a 400", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["/api/user/login/username", { password: "x" }, "用户名不能为空"],
      ["/api/user/login/username", { username: "a", password: 12345678 }, "密码类型错误"],
      ["/api/user/login/username", { username: "a".repeat(21), password: "x" }, "用户名最多 20 个字符"],
      ["/api/user/login/email", { email: "bad", password: "x" }, "邮箱格式不正确"],
      ["/api/user/login/email", { email: "a@example.com" }, "密码不能为空"],
    ];
    for (const [url, body, msg] of cases) {
      expect(await call(t.app, "POST", url, { body })).toMatchObject({ status: 400, code: 400, msg });
    }
  });
});

describe("tokens", () => {
  it("rejects a request without, with a malformed, an unknown or an expired token", async () => {
    const user = await registerUser(t.app, t.dataDir);
    expect(await call(t.app, "GET", "/api/user/getinfo")).toMatchObject({ status: 401, code: 401, msg: "请先登录" });
    const malformed = await call(t.app, "GET", "/api/user/getinfo", { headers: { authorization: "Token abc" } });
    expect(malformed).toMatchObject({ status: 401, msg: "登录凭证格式错误，请重新登录" });
    const unknown = await call(t.app, "GET", "/api/user/getinfo", { token: "made-up-token" });
    expect(unknown).toMatchObject({ status: 401, msg: "登录已失效，请重新登录" });

    await t.app.db
      .updateTable("sessions")
      .set({ expiresAt: "2000-01-01T00:00:00.000Z" })
      .where("userId", "=", Number(user.id))
      .execute();
    expect(await call(t.app, "GET", "/api/user/getinfo", { token: user.token })).toMatchObject({ status: 401 });
  });

  it("stores only a hash of the token", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const rows = await t.app.db
      .selectFrom("sessions")
      .select("tokenHash")
      .where("userId", "=", Number(user.id))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(user.token);
  });
});
