import { OrderTimerDefaults } from "@xianzhi/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import {
  boughtOrder,
  endScenario,
  hoursLater,
  jobs,
  orderAction,
  orderOf,
  paidOrder,
  sandboxOf,
} from "../../test-support/orders.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { goodsStatus } from "../../test-support/trade.js";

let t: TestApp;
let seller: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer] = [await registerUser(t.app, t.dataDir), await registerUser(t.app, t.dataDir)];
});
afterAll(() => t.close());
afterEach(() => endScenario(t.app));

const DAY = 24;
const kindsOf = async (user: RegisteredUser) =>
  ((await call(t.app, "GET", "/api/notifications", { token: user.token })).data.list as { kind: string }[]).map(
    (n) => n.kind,
  );

describe("an unpaid order", () => {
  it("stays open until its time, then closes and the goods are on sale again", async () => {
    const goods = await postGoods(t.app, seller.token);
    const order = await boughtOrder(t.app, buyer.token, goods.id, "meetup");
    expect(Date.parse(order.dueAt ?? "") - Date.parse(order.createdAt)).toBe(
      OrderTimerDefaults.paymentMinutes * 60 * 1000,
    );
    hoursLater(0.49);
    await jobs.timers(t.app);
    expect((await orderOf(t.app, buyer.token, order.id)).status).toBe("awaiting_payment");
    hoursLater(0.02);
    expect(await jobs.timers(t.app)).toEqual({ fired: 1 });
    expect(await orderOf(t.app, buyer.token, order.id)).toMatchObject({
      status: "closed",
      closeReason: "unpaid",
      actions: [],
    });
    expect(await goodsStatus(t.app, goods.id)).toBe("on_sale");
    // The sandbox's payment is closed with it: the old page can no longer take money.
    expect(
      (await call(t.app, "POST", `/api/sandbox-pay/${order.payUrl?.split("/").pop()}/pay`, { body: {} })).code,
    ).not.toBe(200);
  });
});

describe("a paid order the seller does not ship", () => {
  it("reminds the seller at 48 h and refunds the buyer at 72 h", async () => {
    const heldBefore = await sandboxOf(t.app).heldCents();
    const goods = await postGoods(t.app, seller.token);
    const order = await paidOrder(t.app, buyer.token, goods.id);
    hoursLater(48.1);
    expect(await jobs.reminders(t.app)).toEqual({ reminded: 1 });
    expect(await jobs.reminders(t.app)).toEqual({ reminded: 0 });
    expect(await kindsOf(seller)).toContain("order_reminder");
    hoursLater(24);
    await jobs.timers(t.app);
    expect(await orderOf(t.app, buyer.token, order.id)).toMatchObject({ status: "closed", closeReason: "not_shipped" });
    expect(await sandboxOf(t.app).heldCents()).toBe(heldBefore);
    expect(await goodsStatus(t.app, goods.id)).toBe("on_sale");
  });

  it("grants the buyer's request to cancel after a day of the seller's silence", async () => {
    const goods = await postGoods(t.app, seller.token);
    const order = await paidOrder(t.app, buyer.token, goods.id);
    const requested = await orderAction(t.app, buyer.token, order.id, "request-cancel");
    expect(requested.data.dueTransition).toBe("grantCancel");
    expect(await kindsOf(seller)).toContain("order_cancel_requested");
    hoursLater(DAY + 0.1);
    await jobs.timers(t.app);
    expect(await orderOf(t.app, buyer.token, order.id)).toMatchObject({
      status: "closed",
      closeReason: "refunded_on_request",
    });
  });
});

describe("a shipped order the buyer does not confirm", () => {
  it("is confirmed after 10 days, 3 more once extended, with a reminder 2 days before", async () => {
    const goods = await postGoods(t.app, seller.token);
    const order = await paidOrder(t.app, buyer.token, goods.id);
    await orderAction(t.app, seller.token, order.id, "ship", { carrier: "ZTO", trackingNumber: "75123456789012" });
    hoursLater(5 * DAY);
    expect((await orderAction(t.app, buyer.token, order.id, "extend")).data.extended).toBe(true);
    hoursLater(6.1 * DAY);
    expect(await jobs.reminders(t.app)).toEqual({ reminded: 1 });
    await jobs.timers(t.app);
    expect((await orderOf(t.app, buyer.token, order.id)).status).toBe("shipped");
    hoursLater(2 * DAY);
    await jobs.timers(t.app);
    const done = await orderOf(t.app, seller.token, order.id);
    expect(done.status).toBe("completed");
    expect(done.events.map((event) => [event.transition, event.actor])).toContainEqual(["autoConfirm", "timer"]);
    expect(await goodsStatus(t.app, goods.id)).toBe("sold");
  });

  it("面交 is confirmed after 2 days", async () => {
    const goods = await postGoods(t.app, seller.token);
    const order = await paidOrder(t.app, buyer.token, goods.id, "meetup");
    await orderAction(t.app, seller.token, order.id, "ship", {});
    hoursLater(2 * DAY + 0.1);
    await jobs.timers(t.app);
    expect((await orderOf(t.app, buyer.token, order.id)).status).toBe("completed");
  });
});

describe("a timer run by two processes at once", () => {
  it("fires once", async () => {
    const goods = await postGoods(t.app, seller.token);
    const order = await boughtOrder(t.app, buyer.token, goods.id, "meetup");
    hoursLater(1);
    const runs = await Promise.all([jobs.timers(t.app), jobs.timers(t.app), jobs.timers(t.app)]);
    expect(runs.reduce((sum, run) => sum + run.fired, 0)).toBe(1);
    const events = (await orderOf(t.app, buyer.token, order.id)).events.map((event) => event.transition);
    expect(events).toEqual(["create", "expire"]);
  });
});
