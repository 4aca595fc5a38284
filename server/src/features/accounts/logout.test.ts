import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../../test-support/accounts.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("logout", () => {
  it("ends this session at once and leaves the user's other sessions signed in", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const login = await call(t.app, "POST", "/api/user/login/username", {
      body: { username: user.username, password: user.password },
    });
    const otherDevice = login.data.token as string;

    const reply = await call(t.app, "POST", "/api/user/logout", { token: user.token });
    expect(reply).toEqual({ status: 200, code: 200, msg: "已退出登录", data: null });
    expect(await call(t.app, "GET", "/api/user/getinfo", { token: user.token })).toMatchObject({
      status: 401,
      msg: "登录已失效，请重新登录",
    });
    expect(await call(t.app, "POST", "/api/user/logout", { token: user.token })).toMatchObject({ status: 401 });
    expect(await call(t.app, "GET", "/api/user/getinfo", { token: otherDevice })).toMatchObject({ code: 200 });
  });

  it("needs a signed-in user", async () => {
    expect(await call(t.app, "POST", "/api/user/logout")).toMatchObject({ status: 401, msg: "请先登录" });
  });
});
