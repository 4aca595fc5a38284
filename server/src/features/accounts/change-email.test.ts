import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTicketFor, type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { maskEmail } from "./email-notices.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function changeEmail(user: RegisteredUser, body: Record<string, unknown>) {
  return call(t.app, "PUT", "/api/user/email", { token: user.token, body: { password: user.password, ...body } });
}

/** Every mail the outbox holds for an address, oldest first. */
async function mailsTo(email: string): Promise<string[]> {
  const folder = path.join(t.dataDir, "outbox");
  const files = (await fs.readdir(folder)).filter((name) => name.endsWith(`-${email}.eml`)).sort();
  return Promise.all(files.map((name) => fs.readFile(path.join(folder, name), "utf8")));
}

function emailOf(user: RegisteredUser) {
  return call(t.app, "GET", "/api/user/getinfo", { token: user.token }).then((reply) => reply.data.email);
}

describe("changing the e-mail address", () => {
  it("moves the account to a new address confirmed by a code sent there", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const emailTicket = await emailTicketFor(t.app, t.dataDir, "Moved@Example.com", "change_email", user.token);
    const reply = await changeEmail(user, { email: "moved@example.com", emailTicket });
    expect(reply).toMatchObject({ code: 200, msg: "邮箱已更换", data: { email: "moved@example.com" } });
    const byNewEmail = await call(t.app, "POST", "/api/user/login/email", {
      body: { email: "moved@example.com", password: user.password },
    });
    expect(byNewEmail).toMatchObject({ code: 200 });
    const byOldEmail = await call(t.app, "POST", "/api/user/login/email", {
      body: { email: user.email, password: user.password },
    });
    expect(byOldEmail).toMatchObject({ code: 1105 });
  });

  it("tells the old address, naming the new one only in masked form", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const newEmail = `new-${user.username}@example.org`.toLowerCase();
    const emailTicket = await emailTicketFor(t.app, t.dataDir, newEmail, "change_email", user.token);
    expect(await changeEmail(user, { email: newEmail, emailTicket })).toMatchObject({ code: 200 });

    const notice = (await mailsTo(user.email)).at(-1) ?? "";
    expect(notice).toContain("Subject: 【闲置】您的账号邮箱已更换");
    expect(notice).toContain("n***@example.org");
    expect(notice).toContain("如果这不是您本人的操作");
    expect(notice).not.toContain(newEmail);
    expect(await mailsTo(newEmail)).toHaveLength(1);
  });

  it("masks an address to its first letter and its domain", () => {
    expect(maskEmail("alice@example.com")).toBe("a***@example.com");
    expect(maskEmail("b@mail.example.cn")).toBe("b***@mail.example.cn");
  });

  it("needs the current password: a wrong one changes nothing and keeps the ticket good", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const newEmail = `pw-${user.username}@example.com`.toLowerCase();
    const emailTicket = await emailTicketFor(t.app, t.dataDir, newEmail, "change_email", user.token);
    const mailsBefore = (await mailsTo(user.email)).length;

    const wrong = await changeEmail(user, { email: newEmail, emailTicket, password: "guess1234" });
    expect(wrong).toMatchObject({ status: 200, code: 1106, msg: "当前密码错误" });
    const missing = await call(t.app, "PUT", "/api/user/email", {
      token: user.token,
      body: { email: newEmail, emailTicket },
    });
    expect(missing).toMatchObject({ status: 400, msg: "密码不能为空" });
    expect(await emailOf(user)).toBe(user.email);
    expect(await mailsTo(user.email)).toHaveLength(mailsBefore);

    expect(await changeEmail(user, { email: newEmail, emailTicket })).toMatchObject({ code: 200 });
    expect(await emailOf(user)).toBe(newEmail);
  });

  it("refuses a ticket for another purpose or address, the current address, and one taken meanwhile", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const other = await registerUser(t.app, t.dataDir);
    const registerTicket = await emailTicketFor(t.app, t.dataDir, "purpose@example.com", "register");
    const wrongPurpose = await changeEmail(user, { email: "purpose@example.com", emailTicket: registerTicket });
    expect(wrongPurpose).toMatchObject({ code: 1007 });

    const same = await changeEmail(user, { email: user.email.toUpperCase(), emailTicket: "x" });
    expect(same).toMatchObject({ code: 1108, msg: "新邮箱与当前邮箱相同" });

    const ticket = await emailTicketFor(t.app, t.dataDir, "contested@example.com", "change_email", user.token);
    await t.app.db
      .updateTable("users")
      .set({ email: "contested@example.com" })
      .where("id", "=", Number(other.id))
      .execute();
    const taken = await changeEmail(user, { email: "contested@example.com", emailTicket: ticket });
    expect(taken).toMatchObject({ code: 1102 });
    expect(await emailOf(user)).toBe(user.email);
  });

  it("rejects bad input and an unsigned request", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const body = { email: "a@example.com", emailTicket: "x", password: user.password };
    expect(await call(t.app, "PUT", "/api/user/email", { body })).toMatchObject({ status: 401 });
    expect(await changeEmail(user, { email: "nope", emailTicket: "x" })).toMatchObject({
      status: 400,
      msg: "邮箱格式不正确",
    });
    expect(await changeEmail(user, { email: "a@example.com" })).toMatchObject({
      status: 400,
      msg: "邮箱验证凭证不能为空",
    });
  });
});
