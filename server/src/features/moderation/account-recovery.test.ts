import type { ModerationLogEntry } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTicketFor, readNewestMail, registerUser } from "../../test-support/accounts.js";
import { registerModerator } from "../../test-support/moderation.js";
import type { RequestOptions } from "../../test-support/passkey-authenticator.js";
import { withPasskeyOnly } from "../../test-support/passkeys.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

/**
 * 协助恢复账号: a moderator turns 仅通行密钥登录 off for an owner who lost every passkey, after
 * 身份验证, logged with how the owner was recognised; the owner is told, every session ends, and
 * the e-mail reset works again.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REASON = "用户通过注册邮箱来信，核对了最近一笔订单的金额和收货地址";

const recover = (token: string, username: string, reason = REASON) =>
  call<ModerationLogEntry>(t.app, "POST", "/api/admin/account-recovery", { token, body: { username, reason } });

async function provenModerator() {
  const moderator = await registerModerator(t.app, t.dataDir);
  await call(t.app, "POST", "/api/user/proof", { token: moderator.token, body: { password: moderator.password } });
  return moderator;
}

describe("协助恢复账号", () => {
  it("turns 仅通行密钥登录 off after the moderator's proof, logs it, tells the owner and lets the e-mail reset work", async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const lostDevice = await withPasskeyOnly(t.app, owner);
    const moderator = await registerModerator(t.app, t.dataDir);
    expect(await recover(moderator.token, owner.username)).toMatchObject({ code: 1116 });
    await call(t.app, "POST", "/api/user/proof", { token: moderator.token, body: { password: moderator.password } });

    const recovered = await recover(moderator.token, owner.username);
    expect(recovered).toMatchObject({
      code: 200,
      data: { action: "recover_account", targetType: "user", targetUser: { username: owner.username }, reason: REASON },
    });
    expect((await call(t.app, "GET", "/api/user/getinfo", { token: owner.token })).status).toBe(401);
    // The lost device's passkey is gone: whoever holds it does not sign in with it.
    const options = await call(t.app, "POST", "/api/user/login/passkey/options", { body: {} });
    const answer = lostDevice.get(options.data.options as RequestOptions);
    const stolen = await call(t.app, "POST", "/api/user/login/passkey", {
      body: { challengeId: options.data.challengeId, response: answer },
    });
    expect(stolen).toMatchObject({ code: 1119 });
    expect((await readNewestMail(t.dataDir, owner.email)).text).toContain("管理员已为您的闲置账号");
    const log = await call(t.app, "GET", "/api/admin/log", { token: moderator.token });
    expect(log.data.list[0]).toMatchObject({ action: "recover_account", reason: REASON });

    const emailTicket = await emailTicketFor(t.app, t.dataDir, owner.email, "reset_password");
    const reset = await call(t.app, "POST", "/api/user/password/reset", {
      body: { email: owner.email, emailTicket, newPassword: "back-again-7" },
    });
    expect(reset).toMatchObject({ code: 200 });
    expect(await recover(moderator.token, owner.username)).toMatchObject({
      code: 1127,
      msg: "该账号没有开启仅通行密钥登录，用户可以在登录页用邮箱重置密码",
    });
  });

  it("gives one result to two moderators at once", async () => {
    const owner = await registerUser(t.app, t.dataDir);
    await withPasskeyOnly(t.app, owner);
    const [first, second] = await Promise.all([provenModerator(), provenModerator()]);
    const replies = await Promise.all([recover(first.token, owner.username), recover(second.token, owner.username)]);
    expect(replies.map((reply) => reply.code).sort((a, b) => a - b)).toEqual([200, 1127]);
  });

  it("is refused to a plain user, for an unknown name, and without a reason, changing nothing", async () => {
    const owner = await registerUser(t.app, t.dataDir);
    await withPasskeyOnly(t.app, owner);
    const plain = await registerUser(t.app, t.dataDir);
    expect((await recover(plain.token, owner.username)).status).toBe(403);
    const moderator = await provenModerator();
    expect(await recover(moderator.token, "no_such_user")).toMatchObject({ status: 404 });
    expect(await recover(moderator.token, owner.username, "")).toMatchObject({
      status: 400,
      msg: "请写明如何核实了用户身份",
    });
    expect((await call(t.app, "GET", "/api/user/getinfo", { token: owner.token })).status).toBe(200);
  });
});
