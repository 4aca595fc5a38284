import { type RateLimitName, RateLimits } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import type { DeclaredRoute } from "../plugins/declared-routes.js";
import type { RegisteredUser } from "../test-support/accounts.js";
import { registerModerator } from "../test-support/moderation.js";
import { createTestAppWithRoutes, pathWith } from "../test-support/route-table.js";
import { createLimitedTwin } from "../test-support/test-app.js";

/**
 * Every write under /api (POST, PUT, PATCH, DELETE) counts against a per-account limit, so no
 * script can repeat one in bulk from one account: a write route added tomorrow gets `writePerUser`
 * unless it names a limit of its own. The route list is what the app registered; the calls go to a
 * twin app on the same database whose limits are those of production.
 */
const t = await createTestAppWithRoutes();
const limited: FastifyInstance = await createLimitedTwin(t);
afterAll(async () => {
  await limited.close();
  await t.close();
});

const writes = t.routes.filter((route) => route.method !== "GET");

/** The limits counted per account; the others count by address or inbox. */
const PER_ACCOUNT = new Set<RateLimitName>(
  (Object.keys(RateLimits) as RateLimitName[]).filter((name) => name.endsWith("PerUser")),
);

/** The writes a script would repeat to flood someone or something, each with a limit of its own. */
const OWN_LIMITS: Record<string, RateLimitName> = {
  "POST /api/offers": "offerPerUser",
  "POST /api/offers/:id/counter": "offerPerUser",
  "POST /api/offers/:id/accept": "tradeActionPerUser",
  "POST /api/offers/:id/decline": "tradeActionPerUser",
  "POST /api/offers/:id/withdraw": "tradeActionPerUser",
  "POST /api/deals/:id/complete": "tradeActionPerUser",
  "POST /api/deals/:id/cancel": "tradeActionPerUser",
  "POST /api/orders": "tradeActionPerUser",
  "POST /api/orders/:id/pay": "tradeActionPerUser",
  "POST /api/orders/:id/cancel": "tradeActionPerUser",
  "POST /api/orders/:id/request-cancel": "tradeActionPerUser",
  "POST /api/orders/:id/refund": "tradeActionPerUser",
  "POST /api/orders/:id/extend": "tradeActionPerUser",
  "POST /api/orders/:id/confirm": "tradeActionPerUser",
  "POST /api/orders/:id/ship": "tradeActionPerUser",
  "POST /api/orders/:id/pickup": "tradeActionPerUser",
  "POST /api/orders/:id/refund-request": "tradeActionPerUser",
  "POST /api/refunds/:id/agree": "tradeActionPerUser",
  "POST /api/refunds/:id/refuse": "tradeActionPerUser",
  "POST /api/refunds/:id/reject-return": "tradeActionPerUser",
  "POST /api/refunds/:id/statement": "tradeActionPerUser",
  "POST /api/refunds/:id/accept": "tradeActionPerUser",
  "POST /api/refunds/:id/withdraw": "tradeActionPerUser",
  "POST /api/refunds/:id/escalate": "tradeActionPerUser",
  "POST /api/refunds/:id/receive": "tradeActionPerUser",
  "POST /api/refunds/:id/return": "tradeActionPerUser",
  "POST /api/admin/disputes/:id/ruling": "tradeActionPerUser",
  "POST /api/admin/settlements/:id/retry": "tradeActionPerUser",
  "POST /api/admin/account-recovery": "passwordCheckPerUser",
  "POST /api/follows": "followPerUser",
  "DELETE /api/follows/:id": "followPerUser",
  "POST /api/blocks": "blockPerUser",
  "DELETE /api/blocks/:id": "blockPerUser",
  "POST /api/fav": "favoritePerUser",
  "DELETE /api/fav/:goodsId": "favoritePerUser",
  "PUT /api/goods/:id": "goodsEditPerUser",
  "PUT /api/goods/:id/status": "goodsEditPerUser",
  "DELETE /api/goods/:id": "goodsEditPerUser",
  "POST /api/pic/add": "goodsEditPerUser",
  "PUT /api/user/userinfo": "profileEditPerUser",
  "PUT /api/user/payout-account": "passwordCheckPerUser",
  "PUT /api/notifications/settings": "profileEditPerUser",
  "PUT /api/push/subscriptions": "profileEditPerUser",
  "DELETE /api/push/subscriptions": "profileEditPerUser",
  "POST /api/mychatlist/create": "chatOpenPerUser",
  "POST /api/saved-searches": "savedSearchPerUser",
  "PUT /api/saved-searches/:id": "savedSearchPerUser",
  "DELETE /api/saved-searches/:id": "savedSearchPerUser",
  "PUT /api/mychatlist/setread": "readMarkPerUser",
  "PUT /api/notifications/read": "readMarkPerUser",
  "POST /api/goods": "goodsPostPerUser",
  "POST /api/goodscomment": "commentPerUser",
  "POST /api/reports": "reportPerUser",
  "POST /api/com/upload": "uploadPerUser",
  "PUT /api/user/email": "passwordCheckPerUser",
  "PUT /api/user/password": "passwordCheckPerUser",
  "POST /api/user/delete": "passwordCheckPerUser",
  "POST /api/user/two-step/setup": "passwordCheckPerUser",
  "POST /api/user/two-step/enable": "passwordCheckPerUser",
  "POST /api/user/two-step/recovery-codes": "passwordCheckPerUser",
  "POST /api/user/two-step/disable": "passwordCheckPerUser",
  "POST /api/user/proof": "passwordCheckPerUser",
  "POST /api/user/proof/passkey-options": "passwordCheckPerUser",
  "POST /api/user/passkeys/options": "passwordCheckPerUser",
  "POST /api/user/passkeys": "passwordCheckPerUser",
  "DELETE /api/user/passkeys/:id": "passwordCheckPerUser",
  "PUT /api/user/passkey-only": "passwordCheckPerUser",
};

const limitOf = (route: DeclaredRoute) => limited.accountLimits.get(route.key);

describe("per-account limits of writes", () => {
  it("cover every write route: a route naming none of its own gets writePerUser", () => {
    expect(writes.length).toBeGreaterThan(40);
    const uncovered = writes.filter((route) => {
      const names = limitOf(route) ?? [];
      return names.length !== 1 || !PER_ACCOUNT.has(names[0] as RateLimitName);
    });
    expect(uncovered.map((route) => route.key)).toEqual([]);
    for (const route of writes) {
      expect([route.key, limitOf(route)?.[0]]).toEqual([route.key, OWN_LIMITS[route.key] ?? "writePerUser"]);
    }
  });

  /** Calls that end the caller's session when let through: only made once the limit refuses them. */
  const ENDS_SESSION = new Set(["POST /api/user/logout"]);
  const byLimit = new Map<RateLimitName, DeclaredRoute[]>();
  for (const route of writes) {
    const name = limitOf(route)?.[0] as RateLimitName;
    byLimit.set(name, [...(byLimit.get(name) ?? []), route]);
  }
  const groups = [...byLimit];

  let nextAddress = 1;
  let sent = 0;
  /** From an address of its own each time, so no address limit gets in the way; most calls fail validation, which costs the limit all the same. */
  const send = (route: DeclaredRoute, user: RegisteredUser) => {
    sent += 1;
    return limited.inject({
      method: route.method as "POST",
      url: pathWith(route.url, () => "987654"),
      remoteAddress: `10.${Math.floor(nextAddress / 65536) % 256}.${Math.floor(nextAddress / 256) % 256}.${nextAddress++ % 256}`,
      payload: { email: `writer${sent}@example.com` },
      headers: { authorization: `Bearer ${user.token}` },
    });
  };

  let bystander: RegisteredUser | undefined;

  it.each(groups)(
    "%s: its calls over all its routes are counted together, per account; past the limit each route answers 429",
    async (name, routes) => {
      const { max, windowSeconds } = RateLimits[name];
      // Moderators, whom the console's calls let in as far as the limit (a plain user is refused before).
      const user = await registerModerator(t.app, t.dataDir);
      bystander ??= await registerModerator(t.app, t.dataDir);
      const fillers = routes.filter((route) => !ENDS_SESSION.has(route.key));
      for (let i = 0; i < max; i += 1) {
        const route = fillers[i % fillers.length] as DeclaredRoute;
        const reply = await send(route, user);
        expect([route.key, reply.statusCode]).not.toEqual([route.key, 429]);
      }
      for (const route of routes) {
        const refused = await send(route, user);
        expect([route.key, refused.statusCode]).toEqual([route.key, 429]);
        const retryAfter = Number(refused.headers["retry-after"]);
        expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
        expect(retryAfter).toBeGreaterThan(windowSeconds - 60);
        expect(refused.json()).toMatchObject({
          code: 429,
          msg: expect.stringMatching(/^请求过于频繁，请 \d+ (秒|分钟)后再试$/),
          data: { retryAfterSeconds: retryAfter },
        });
      }
      // Another account is not held up by this one's count (as far as its own limit).
      for (const route of fillers.slice(0, max)) {
        const reply = await send(route, bystander);
        expect([route.key, reply.statusCode]).not.toEqual([route.key, 429]);
      }
    },
    60_000,
  );
});
