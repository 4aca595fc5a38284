import { AccountLimits } from "@xianzhi/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
let owner: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let nextAddress = 1;
/** Each test signs in from addresses of its own, so counts do not carry over between tests. */
const newAddress = () => `203.0.113.${nextAddress++}`;

function byUsername(username: string, password: string, remoteAddress: string) {
  return call(t.app, "POST", "/api/user/login/username", { body: { username, password }, remoteAddress });
}
function byEmail(email: string, password: string, remoteAddress: string) {
  return call(t.app, "POST", "/api/user/login/email", { body: { email, password }, remoteAddress });
}

async function failTimes(times: number, attempt: () => ReturnType<typeof byUsername>) {
  for (let i = 0; i < times; i += 1) expect(await attempt()).toMatchObject({ status: 200, code: 1104 });
}

const sessionCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom("sessions")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("userId", "=", Number(owner.id))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("signing in after wrong passwords", () => {
  const limit = AccountLimits.loginFailuresPerAccount;

  it(`refuses the address for a while after ${limit} wrong passwords, even with the right one`, async () => {
    const address = newAddress();
    await failTimes(limit, () => byUsername(owner.username, "wrongpass1", address));
    const sessionsBefore = await sessionCount();

    const locked = await byUsername(owner.username, owner.password, address);
    expect(locked).toMatchObject({ status: 429, code: 429, msg: "登录失败次数过多，请 15 分钟后再试" });
    expect(locked.data).toEqual({ retryAfterSeconds: expect.any(Number) });
    expect(locked.data.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(await sessionCount()).toBe(sessionsBefore);
  });

  it("says in a Retry-After header how long to wait", async () => {
    const address = newAddress();
    await failTimes(limit, () => byUsername(owner.username, "wrongpass1", address));
    const locked = await t.app.inject({
      method: "POST",
      url: "/api/user/login/username",
      payload: { username: owner.username, password: owner.password },
      remoteAddress: address,
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBe(locked.json().data.retryAfterSeconds);
  });

  it("still lets the owner in from another address", async () => {
    const attacker = newAddress();
    await failTimes(limit, () => byUsername(owner.username, "wrongpass1", attacker));
    expect(await byUsername(owner.username, owner.password, newAddress())).toMatchObject({ code: 200 });
  });

  it("counts sign-ins by username and by e-mail together", async () => {
    const address = newAddress();
    await failTimes(limit - 1, () => byUsername(owner.username, "wrongpass1", address));
    expect(await byEmail(owner.email.toUpperCase(), "wrongpass1", address)).toMatchObject({ code: 1105 });
    expect(await byEmail(owner.email, owner.password, address)).toMatchObject({ status: 429, code: 429 });
  });

  it("starts counting again after a correct password", async () => {
    const address = newAddress();
    await failTimes(limit - 1, () => byUsername(owner.username, "wrongpass1", address));
    expect(await byUsername(owner.username, owner.password, address)).toMatchObject({ code: 200 });
    await failTimes(limit - 1, () => byUsername(owner.username, "wrongpass1", address));
    expect(await byUsername(owner.username, owner.password, address)).toMatchObject({ code: 200 });
  });

  it("locks names that match no account the same way, so a lock does not tell whether one exists", async () => {
    const address = newAddress();
    await failTimes(limit, () => byUsername("nobody_here", "wrongpass1", address));
    expect(await byUsername("NOBODY_HERE", "wrongpass1", address)).toMatchObject({ status: 429, code: 429 });
  });

  it("lets the address try again once the window has passed", async () => {
    const address = newAddress();
    await failTimes(limit, () => byUsername(owner.username, "wrongpass1", address));
    expect(await byUsername(owner.username, owner.password, address)).toMatchObject({ status: 429 });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + AccountLimits.loginFailureWindowSeconds * 1000 + 1000 });
    expect(await byUsername(owner.username, owner.password, address)).toMatchObject({ code: 200 });
  });

  it(`refuses an address that has failed ${AccountLimits.loginFailuresPerAddress} times across many accounts`, async () => {
    const address = newAddress();
    for (let i = 0; i < AccountLimits.loginFailuresPerAddress; i += 1) {
      expect(await byUsername(`guess_${i}`, "wrongpass1", address)).toMatchObject({ code: 1104 });
    }
    expect(await byUsername("guess_new", "wrongpass1", address)).toMatchObject({ status: 429, code: 429 });
    expect(await byUsername(owner.username, owner.password, newAddress())).toMatchObject({ code: 200 });
  });
});

describe("a burst of sign-ins sent at once", () => {
  it("checks at most the limit of passwords and refuses the right one sent as #60 of 200", async () => {
    const address = newAddress();
    const sessionsBefore = await sessionCount();
    const burst = Array.from({ length: 200 }, (_, i) =>
      byUsername(owner.username, i === 59 ? owner.password : "wrongpass1", address),
    );
    const replies = await Promise.all(burst);

    const checked = replies.filter((reply) => reply.code !== 429);
    expect(checked.length).toBeLessThanOrEqual(AccountLimits.loginFailuresPerAccount);
    expect(checked.every((reply) => reply.code === 1104)).toBe(true);
    expect(replies[59]).toMatchObject({ status: 429, code: 429, data: { retryAfterSeconds: expect.any(Number) } });
    expect(await sessionCount()).toBe(sessionsBefore);
  });
});
