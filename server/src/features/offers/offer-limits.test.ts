import { RateLimits } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { type ApiReply, call, createLimitedTwin, createTestApp, type TestApp } from "../../test-support/test-app.js";

/**
 * Offers from one account in bulk (the audit's 150 in 1.8 s): past `offerPerUser` they are refused,
 * so the seller's notifications grow by the limit at most. `t` makes the accounts and goods; the
 * offers go to `limited`, a twin app with the limits of production.
 */
let t: TestApp;
let limited: FastifyInstance;
let seller: RegisteredUser;
let buyer: RegisteredUser;
let otherBuyer: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  limited = await createLimitedTwin(t);
  seller = await registerUser(t.app, t.dataDir);
  buyer = await registerUser(t.app, t.dataDir);
  otherBuyer = await registerUser(t.app, t.dataDir);
});
afterAll(async () => {
  await limited?.close();
  await t.close();
});
afterEach(() => vi.useRealTimers());

const { max, windowSeconds } = RateLimits.offerPerUser;

const offer = (from: RegisteredUser, goodsId: string, amountCents: number) =>
  call(limited, "POST", "/api/offers", { token: from.token, body: { goodsId, amountCents } });
const unreadOf = async (user: RegisteredUser) =>
  (await call(t.app, "GET", "/api/notifications/unread", { token: user.token })).data.unreadCount as number;

/** The envelope of an injected answer, with its status and Retry-After. */
const envelopeOf = (response: Awaited<ReturnType<FastifyInstance["inject"]>>) => ({
  reply: { ...(response.json() as Omit<ApiReply<{ id: string }>, "status">), status: response.statusCode },
  retryAfter: response.headers["retry-after"] as string | undefined,
});

function expectRefused(reply: ApiReply, retryAfter: string | undefined) {
  expect(reply.status).toBe(429);
  const seconds = Number(retryAfter);
  expect(seconds).toBeGreaterThan(windowSeconds - 60);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
  expect(reply).toMatchObject({
    code: 429,
    msg: `请求过于频繁，请 ${Math.ceil(seconds / 60)} 分钟后再试`,
    data: { retryAfterSeconds: seconds },
  });
}

describe("offers from one account in bulk", () => {
  it(`are refused past ${max} in ${windowSeconds / 60} minutes, with Retry-After; the seller is told ${max} times at most`, async () => {
    const goods = await postGoods(t.app, seller.token, { priceCents: 100_000 });
    const unreadBefore = await unreadOf(seller);
    const answers: ReturnType<typeof envelopeOf>[] = [];
    for (let i = 0; i < 150; i += 1) {
      const response = await limited.inject({
        method: "POST",
        url: "/api/offers",
        payload: { goodsId: goods.id, amountCents: 10_000 + i },
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      answers.push(envelopeOf(response));
    }
    expect(answers.slice(0, max).map(({ reply }) => reply.code)).toEqual(Array(max).fill(200));
    for (const { reply, retryAfter } of answers.slice(max)) expectRefused(reply, retryAfter);
    expect((await unreadOf(seller)) - unreadBefore).toBe(max);

    // Counter-offers count with offers made: the buyer's counter is refused too.
    const counter = await call(t.app, "POST", `/api/offers/${answers[max - 1]?.reply.data.id}/counter`, {
      token: seller.token,
      body: { amountCents: 90_000 },
    });
    expect(counter.code).toBe(200);
    const countered = await limited.inject({
      method: "POST",
      url: `/api/offers/${counter.data.id}/counter`,
      payload: { amountCents: 20_000 },
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    const { reply, retryAfter } = envelopeOf(countered);
    expectRefused(reply, retryAfter);

    // Another account, on the same goods, is not held up by the first one's count.
    expect((await offer(otherBuyer, goods.id, 30_000)).code).toBe(200);
    expect((await unreadOf(seller)) - unreadBefore).toBe(max + 1);
  });

  it("never stop a person making offers at a person's pace: one every half minute for two windows of the limit", async () => {
    const person = await registerUser(t.app, t.dataDir);
    const goods = [];
    for (let i = 0; i < 4; i += 1) goods.push(await postGoods(t.app, seller.token, { priceCents: 100_000 }));
    let now = Date.now();
    // Twice the limit's window, at a pace no person keeps up for long.
    const steps = (2 * windowSeconds) / 30;
    for (let i = 0; i < steps; i += 1) {
      vi.useFakeTimers({ toFake: ["Date"], now });
      const reply = await offer(person, goods[i % goods.length]?.id as string, 50_000 + i);
      expect([i, reply.code]).toEqual([i, 200]);
      now += 30_000;
    }
  });
});
