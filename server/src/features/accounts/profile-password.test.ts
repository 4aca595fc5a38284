import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTicketFor, type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { upload } from "../../test-support/goods.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function login(user: Pick<RegisteredUser, "username" | "password">) {
  return call(t.app, "POST", "/api/user/login/username", {
    body: { username: user.username, password: user.password },
  });
}

describe("profile", () => {
  it("updates nickname, avatar and bio, and clears the avatar with an empty string", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const avatarUrl = (await upload(t.app, user.token)).data.thumbUrl;
    const updated = await call(t.app, "PUT", "/api/user/userinfo", {
      token: user.token,
      body: { nickname: "  旧物新主  ", avatarUrl, bio: "只卖自用闲置" },
    });
    expect(updated).toMatchObject({
      code: 200,
      msg: "资料已更新",
      data: { nickname: "旧物新主", avatarUrl, bio: "只卖自用闲置", username: user.username },
    });
    const cleared = await call(t.app, "PUT", "/api/user/userinfo", { token: user.token, body: { avatarUrl: "" } });
    expect(cleared.data).toMatchObject({ avatarUrl: null, nickname: "旧物新主" });
    expect((await call(t.app, "GET", "/api/user/getinfo", { token: user.token })).data).toEqual(cleared.data);
  });

  it("rejects bad input with a 400 and changes nothing", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const cases: [unknown, string][] = [
      [{}, "请至少修改一项资料"],
      [{ nickname: "" }, "昵称不能为空"],
      [{ nickname: "   " }, "昵称不能为空"],
      [{ nickname: "长".repeat(21) }, "昵称最多 20 个字符"],
      [{ bio: "b".repeat(201) }, "个人简介最多 200 个字符"],
      [{ avatarUrl: "javascript:alert(1)" }, "头像须是你在本站上传的图片"],
      [{ avatarUrl: "//evil.example.com/x.png" }, "头像须是你在本站上传的图片"],
      [{ nickname: 5 }, "昵称类型错误"],
      [{ username: "rename" }, "不支持的参数：username"],
      [{ email: "sneaky@example.com" }, "不支持的参数：email"],
    ];
    for (const [body, msg] of cases) {
      expect(
        await call(t.app, "PUT", "/api/user/userinfo", { token: user.token, body }),
        JSON.stringify(body),
      ).toMatchObject({
        status: 400,
        msg,
      });
    }
    const info = await call(t.app, "GET", "/api/user/getinfo", { token: user.token });
    expect(info.data).toMatchObject({ nickname: user.username, bio: "", avatarUrl: null, email: user.email });
  });

  it("needs a signed-in user", async () => {
    expect(await call(t.app, "PUT", "/api/user/userinfo", { body: { bio: "x" } })).toMatchObject({ status: 401 });
  });
});

describe("changing the password", () => {
  it("needs the old password, keeps this session and ends every other one", async () => {
    const user = await registerUser(t.app, t.dataDir, { password: "oldpass11" });
    const otherDevice = (await login(user)).data.token as string;

    const wrongOld = await call(t.app, "PUT", "/api/user/password", {
      token: user.token,
      body: { oldPassword: "guess1234", newPassword: "newpass22" },
    });
    expect(wrongOld).toMatchObject({ code: 1106, msg: "原密码错误" });
    expect(await call(t.app, "GET", "/api/user/getinfo", { token: otherDevice })).toMatchObject({ code: 200 });

    const changed = await call(t.app, "PUT", "/api/user/password", {
      token: user.token,
      body: { oldPassword: "oldpass11", newPassword: "newpass22" },
    });
    expect(changed).toMatchObject({ code: 200 });
    expect(await call(t.app, "GET", "/api/user/getinfo", { token: user.token })).toMatchObject({ code: 200 });
    expect(await call(t.app, "GET", "/api/user/getinfo", { token: otherDevice })).toMatchObject({ status: 401 });
    expect(await login(user)).toMatchObject({ code: 1104 });
    expect(await login({ ...user, password: "newpass22" })).toMatchObject({ code: 200 });
  });

  it("refuses the same password and a weak one", async () => {
    const user = await registerUser(t.app, t.dataDir, { password: "samepass1" });
    const same = await call(t.app, "PUT", "/api/user/password", {
      token: user.token,
      body: { oldPassword: "samepass1", newPassword: "samepass1" },
    });
    expect(same).toMatchObject({ code: 1107 });
    const weak = await call(t.app, "PUT", "/api/user/password", {
      token: user.token,
      body: { oldPassword: "samepass1", newPassword: "12345678" },
    });
    expect(weak).toMatchObject({ status: 400, msg: "密码须同时包含字母和数字" });
    expect(await login(user)).toMatchObject({ code: 200 });
  });
});

describe("resetting a forgotten password", () => {
  it("sets a new password by e-mail code and ends every session", async () => {
    const user = await registerUser(t.app, t.dataDir, { password: "forgot111" });
    const emailTicket = await emailTicketFor(t.app, t.dataDir, user.email, "reset_password");
    const reply = await call(t.app, "POST", "/api/user/password/reset", {
      body: { email: user.email, emailTicket, newPassword: "remember2" },
    });
    expect(reply).toMatchObject({ code: 200, msg: "密码已重置，请重新登录" });
    expect(await call(t.app, "GET", "/api/user/getinfo", { token: user.token })).toMatchObject({ status: 401 });
    expect(await login({ ...user, password: "remember2" })).toMatchObject({ code: 200 });

    const reused = await call(t.app, "POST", "/api/user/password/reset", {
      body: { email: user.email, emailTicket, newPassword: "hijacked3" },
    });
    expect(reused).toMatchObject({ code: 1007 });
    expect(await login({ ...user, password: "remember2" })).toMatchObject({ code: 200 });
  });

  it("refuses an expired ticket and a weak password, changing nothing", async () => {
    const user = await registerUser(t.app, t.dataDir, { password: "forgot222" });
    const emailTicket = await emailTicketFor(t.app, t.dataDir, user.email, "reset_password");
    const weak = await call(t.app, "POST", "/api/user/password/reset", {
      body: { email: user.email, emailTicket, newPassword: "short" },
    });
    expect(weak).toMatchObject({ status: 400, msg: "新密码至少 8 个字符" });

    await t.app.db
      .updateTable("emailTickets")
      .set({ expiresAt: "2000-01-01T00:00:00.000Z" })
      .where("email", "=", user.email)
      .execute();
    const expired = await call(t.app, "POST", "/api/user/password/reset", {
      body: { email: user.email, emailTicket, newPassword: "newpass333" },
    });
    expect(expired).toMatchObject({ code: 1007 });
    expect(await login(user)).toMatchObject({ code: 200 });
    expect(await call(t.app, "GET", "/api/user/getinfo", { token: user.token })).toMatchObject({ code: 200 });
  });
});
