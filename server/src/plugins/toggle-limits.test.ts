import { RateLimits } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RegisteredUser, registerUser } from "../test-support/accounts.js";
import { postGoods } from "../test-support/goods.js";
import { call, createLimitedTwin, createTestApp, type TestApp } from "../test-support/test-app.js";

/**
 * Follow, block and favourite toggles from one account in bulk (the audit's 150 each in about a
 * second): past their limits they are refused. `t` makes the accounts and goods; the toggles go to
 * `limited`, a twin app with the limits of production.
 */
let t: TestApp;
let limited: FastifyInstance;
let seller: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  limited = await createLimitedTwin(t);
  seller = await registerUser(t.app, t.dataDir);
});
afterAll(async () => {
  await limited?.close();
  await t.close();
});
afterEach(() => vi.useRealTimers());

interface Toggle {
  limit: "followPerUser" | "blockPerUser" | "favoritePerUser";
  /** The two calls a toggle alternates between, on the seller or their goods. */
  on: (target: { userId: string; goodsId: string }) => { method: "POST"; url: string; body: object };
  off: (target: { userId: string; goodsId: string }) => { method: "DELETE"; url: string };
}

const TOGGLES: [string, Toggle][] = [
  [
    "follow",
    {
      limit: "followPerUser",
      on: ({ userId }) => ({ method: "POST", url: "/api/follows", body: { userId } }),
      off: ({ userId }) => ({ method: "DELETE", url: `/api/follows/${userId}` }),
    },
  ],
  [
    "block",
    {
      limit: "blockPerUser",
      on: ({ userId }) => ({ method: "POST", url: "/api/blocks", body: { userId } }),
      off: ({ userId }) => ({ method: "DELETE", url: `/api/blocks/${userId}` }),
    },
  ],
  [
    "favourite",
    {
      limit: "favoritePerUser",
      on: ({ goodsId }) => ({ method: "POST", url: "/api/fav", body: { goodsId } }),
      off: ({ goodsId }) => ({ method: "DELETE", url: `/api/fav/${goodsId}` }),
    },
  ],
];

const toggle = (
  app: FastifyInstance,
  user: RegisteredUser,
  spec: Toggle,
  target: { userId: string; goodsId: string },
  i: number,
) => {
  const request = i % 2 === 0 ? spec.on(target) : spec.off(target);
  return app.inject({
    method: request.method,
    url: request.url,
    ...("body" in request && { payload: request.body }),
    headers: { authorization: `Bearer ${user.token}` },
  });
};

describe("toggles from one account in bulk", () => {
  it.each(TOGGLES)(
    "%s: 150 toggles, refused past the limit with 429 and Retry-After; another account goes on",
    async (_, spec) => {
      const { max, windowSeconds } = RateLimits[spec.limit];
      const goods = await postGoods(t.app, seller.token);
      const target = { userId: seller.id, goodsId: goods.id };
      const [script, other] = [await registerUser(t.app, t.dataDir), await registerUser(t.app, t.dataDir)];
      const unreadBefore = (await call(t.app, "GET", "/api/notifications/unread", { token: seller.token })).data
        .unreadCount as number;
      const replies = [];
      for (let i = 0; i < 150; i += 1) replies.push(await toggle(limited, script, spec, target, i));
      expect(replies.slice(0, max).map((reply) => reply.json().code)).toEqual(Array(max).fill(200));
      for (const refused of replies.slice(max)) {
        expect(refused.statusCode).toBe(429);
        const retryAfter = Number(refused.headers["retry-after"]);
        expect(retryAfter).toBeGreaterThan(windowSeconds - 10);
        expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
        expect(refused.json()).toEqual({
          code: 429,
          msg: `请求过于频繁，请 ${retryAfter < 60 ? `${retryAfter} 秒` : "1 分钟"}后再试`,
          data: { retryAfterSeconds: retryAfter },
        });
      }
      const unreadAfter = (await call(t.app, "GET", "/api/notifications/unread", { token: seller.token })).data
        .unreadCount as number;
      expect(unreadAfter - unreadBefore).toBeLessThanOrEqual(max);
      for (let i = 0; i < 4; i += 1) expect((await toggle(limited, other, spec, target, i)).json().code).toBe(200);
    },
  );

  it.each(TOGGLES)("%s: a person toggling every 5 seconds for ten minutes is never refused", async (_, spec) => {
    const goods = await postGoods(t.app, seller.token);
    const target = { userId: seller.id, goodsId: goods.id };
    const person = await registerUser(t.app, t.dataDir);
    let now = Date.now();
    for (let i = 0; i < 120; i += 1) {
      vi.useFakeTimers({ toFake: ["Date"], now });
      const reply = await toggle(limited, person, spec, target, i);
      expect([i, reply.json().code]).toEqual([i, 200]);
      now += 5_000;
    }
  });
});
