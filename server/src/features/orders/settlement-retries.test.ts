import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { registerModerator } from "../../test-support/moderation.js";
import { endScenario, jobs, orderAction, orderOf, paidOrder, sandboxOf } from "../../test-support/orders.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { PaymentProviderError } from "../payments/index.js";
import { SETTLE_RETRY } from "./order-payments.js";

/**
 * A provider that keeps failing: the refund is retried with backoff (a minute, then twice as long
 * each time), never sooner, and after the last retry it is shown to moderators as failed, counted
 * in /metrics, until one tries again. The clock is moved, never waited for.
 */
const METRICS = "metrics-token-for-settlements";
let t: TestApp;
let seller: RegisteredUser;
let buyer: RegisteredUser;
let moderator: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: METRICS });
  [seller, buyer] = [await registerUser(t.app, t.dataDir), await registerUser(t.app, t.dataDir)];
  moderator = await registerModerator(t.app, t.dataDir);
});
afterAll(() => t.close());
afterEach(async () => {
  vi.restoreAllMocks();
  await endScenario(t.app);
});

let clock = Date.now();
const later = (ms: number) => {
  clock += ms;
  vi.useFakeTimers({ toFake: ["Date"], now: clock });
};

describe("a refund the provider keeps refusing", () => {
  it("is retried with backoff, then listed for moderators, and a moderator's retry moves it", async () => {
    const refund = vi
      .spyOn(sandboxOf(t.app), "refund")
      .mockRejectedValue(new PaymentProviderError("sandbox: the provider is down"));
    const goods = await postGoods(t.app, seller.token, { priceCents: 4_000 });
    const order = await paidOrder(t.app, buyer.token, goods.id, "meetup");
    clock = Date.now();
    later(0);
    expect((await orderAction(t.app, seller.token, order.id, "refund")).data.status).toBe("closed");
    expect(refund).toHaveBeenCalledTimes(1);

    for (let attempt = 1; attempt < SETTLE_RETRY.attempts; attempt += 1) {
      const delay = Math.min(SETTLE_RETRY.firstDelayMs * 2 ** (attempt - 1), SETTLE_RETRY.maxDelayMs);
      later(delay - 1000);
      await jobs.settle(t.app);
      expect(refund).toHaveBeenCalledTimes(attempt);
      later(1000);
      await jobs.settle(t.app);
      expect(refund).toHaveBeenCalledTimes(attempt + 1);
    }
    const lastTry = new Date(clock).toISOString();
    // Retries ran out: no more tries, however long one waits.
    later(24 * 3600 * 1000);
    expect(await jobs.settle(t.app)).toEqual({ settled: 0, owed: 0 });
    expect(refund).toHaveBeenCalledTimes(SETTLE_RETRY.attempts);

    const failed = await call(t.app, "GET", "/api/admin/settlements", { token: moderator.token });
    expect(failed.data).toEqual([
      expect.objectContaining({
        orderId: order.id,
        kind: "refund",
        refundCents: 4_000,
        attempts: SETTLE_RETRY.attempts,
        lastTriedAt: lastTry,
      }),
    ]);
    const metrics = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${METRICS}` },
    });
    expect(metrics.body).toMatch(/^payment_settlements_failed 1$/m);
    expect((await call(t.app, "GET", "/api/admin/settlements", { token: buyer.token })).status).toBe(403);

    refund.mockRestore();
    const retry = () => call(t.app, "POST", `/api/admin/settlements/${order.id}/retry`, { token: moderator.token });
    // Money moved by hand asks the moderator to prove it is them first.
    expect(await retry()).toMatchObject({ code: 1116, data: { method: "password" } });
    await call(t.app, "POST", "/api/user/proof", { token: moderator.token, body: { password: moderator.password } });
    const retried = await retry();
    expect(retried).toMatchObject({ code: 200, data: { settled: true } });
    expect((await orderOf(t.app, buyer.token, order.id)).events.at(-1)).toMatchObject({ transition: "refunded" });
    expect((await call(t.app, "GET", "/api/admin/settlements", { token: moderator.token })).data).toEqual([]);
    const log = await call(t.app, "GET", "/api/admin/log", { token: moderator.token });
    expect(log.data.list[0]).toMatchObject({ action: "retry_settlement", targetType: "order", targetId: order.id });
  });
});
