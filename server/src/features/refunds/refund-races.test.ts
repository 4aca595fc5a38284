import { OrderTimerDefaults } from "@xianzhi/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { interleaveStatements } from "../../test-support/interleaving.js";
import { registerModerator } from "../../test-support/moderation.js";
import { endScenario, hoursLater, jobs } from "../../test-support/orders.js";
import {
  askedRefund,
  askRefund,
  orderOf,
  refundAction,
  refundBody,
  refundOf,
  rule,
  shippedOrder,
} from "../../test-support/refunds.js";
import { createTestApp, type TestApp } from "../../test-support/test-app.js";

/**
 * Two things at the same moment on one refund, on both databases, statements interleaved as
 * requests side by side interleave: each race has one result, and `ledger:check` holds after it
 * (endScenario).
 */
let t: TestApp;
let seller: RegisteredUser;
let buyer: RegisteredUser;
let moderators: RegisteredUser[];

beforeAll(async () => {
  t = await createTestApp({}, { databasePlugins: [interleaveStatements] });
  [seller, buyer] = [await registerUser(t.app, t.dataDir), await registerUser(t.app, t.dataDir)];
  moderators = [await registerModerator(t.app, t.dataDir), await registerModerator(t.app, t.dataDir)];
});
afterAll(() => t.close());
afterEach(() => endScenario(t.app));

const DAY = 24;

describe("a refund request and the auto-confirm at the same moment", () => {
  it("either pauses the order or completes it, never both", async () => {
    const { order } = await shippedOrder(t.app, seller, buyer);
    // Just before the receiving time ends the request may still start; the timer is due an instant later.
    hoursLater(OrderTimerDefaults.receiveDays * DAY - 0.001);
    const [asked] = await Promise.all([
      askRefund(t.app, buyer.token, order.id, refundBody()),
      (async () => {
        hoursLater(0.002);
        return jobs.timers(t.app);
      })(),
    ]);
    const now = await orderOf(t.app, buyer.token, order.id);
    if (asked.code === 200) {
      expect(now).toMatchObject({ status: "shipped", dueAt: null, refund: { status: "requested" } });
    } else {
      expect(asked.code).toBe(2001);
      expect(now).toMatchObject({ status: "completed", refund: null });
    }
  });
});

describe("two refund requests at once", () => {
  it("makes one and refuses the other clearly", async () => {
    const { order } = await shippedOrder(t.app, seller, buyer);
    const replies = await Promise.all([
      askRefund(t.app, buyer.token, order.id, refundBody()),
      askRefund(t.app, buyer.token, order.id, refundBody({ amountCents: 100 })),
    ]);
    expect(replies.map((reply) => reply.code).sort()).toEqual([200, 2002]);
  });
});

describe("the seller agrees while the buyer withdraws", () => {
  it("does one of them: refunded, or the request closed and the order going on", async () => {
    const { order } = await shippedOrder(t.app, seller, buyer);
    const refund = await askedRefund(t.app, buyer.token, order.id);
    const [agreed, withdrawn] = await Promise.all([
      refundAction(t.app, seller.token, refund.id, "agree"),
      refundAction(t.app, buyer.token, refund.id, "withdraw"),
    ]);
    expect([agreed.code, withdrawn.code].sort()).toEqual([200, 2004]);
    const after = await refundOf(t.app, buyer.token, refund.id);
    const orderNow = await orderOf(t.app, buyer.token, order.id);
    if (agreed.code === 200) {
      expect(after.status).toBe("refunded");
      expect(orderNow.status).toBe("closed");
    } else {
      expect(after.status).toBe("closed");
      expect(orderNow.status).toBe("shipped");
    }
  });
});

describe("two moderators ruling at once", () => {
  it("gives one ruling; the other is told it was ruled", async () => {
    const { order } = await shippedOrder(t.app, seller, buyer);
    const refund = await askedRefund(t.app, buyer.token, order.id);
    await refundAction(t.app, seller.token, refund.id, "refuse", { text: "商品没有问题" });
    await refundAction(t.app, buyer.token, refund.id, "escalate");
    const [first, second] = moderators as [RegisteredUser, RegisteredUser];
    const rulings = await Promise.all([
      rule(t.app, first.token, refund.id, { ruling: "refund", reason: "卖家描述不实" }),
      rule(t.app, second.token, refund.id, { ruling: "release", reason: "买家证据不足" }),
    ]);
    expect(rulings.map((reply) => reply.code).sort()).toEqual([200, 2008]);
    const log = await t.app.db
      .selectFrom("moderationLog")
      .select("action")
      .where("targetType", "=", "refund")
      .where("targetId", "=", Number(refund.id))
      .execute();
    expect(log).toHaveLength(1);
    const winner = rulings.find((reply) => reply.code === 200);
    expect((await orderOf(t.app, buyer.token, order.id)).status).toBe(
      winner?.data.ruling?.ruling === "refund" ? "closed" : "completed",
    );
  });
});
