import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import {
  boughtOrder,
  deliverWebhooks,
  endScenario,
  expectLedgerBalanced,
  jobs,
  orderAction,
  orderOf,
  paymentRefOf as orderPaymentRef,
  payOnSandbox,
  postSandboxWebhook,
  sandboxOf,
} from "../../test-support/orders.js";
import { countRows } from "../../test-support/route-table.js";
import { createTestApp, type TestApp } from "../../test-support/test-app.js";
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

const paymentRefOf = (orderId: string) => orderPaymentRef(t.app, orderId);
const webhook = (event: Parameters<typeof postSandboxWebhook>[1], at?: Date, secret?: string) =>
  postSandboxWebhook(t, event, at, secret);

const snapshot = async () => ({
  counts: await countRows(t.app.db, t.database),
  orders: await t.app.db.selectFrom("orders").selectAll().orderBy("id").execute(),
});

describe("webhooks that prove nothing", () => {
  it("changes nothing for a forged signature, a stale timestamp, an unknown payment or a different amount", async () => {
    const goods = await postGoods(t.app, seller.token, { priceCents: 5_000 });
    const order = await boughtOrder(t.app, buyer.token, goods.id, "meetup");
    const paymentRef = await paymentRefOf(order.id);
    const before = await snapshot();

    const forged = await webhook({ paymentRef, amountCents: 5_000 }, new Date(), "not-the-sandbox-secret-at-all");
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 400, msg: "支付通知验证失败" });
    const stale = await webhook({ paymentRef, amountCents: 5_000 }, new Date(Date.now() - 6 * 60 * 1000));
    expect(stale.json()).toMatchObject({ code: 400, msg: "支付通知验证失败" });
    const unknown = await webhook({ paymentRef: "XZ-no-such-payment", amountCents: 5_000 });
    expect(unknown.json()).toMatchObject({ code: 404, msg: "支付单不存在" });
    const tampered = await webhook({ paymentRef, amountCents: 1 });
    expect(tampered.json()).toMatchObject({ code: 400, msg: "支付金额与订单不符" });
    const garbage = await t.app.inject({
      method: "POST",
      url: "/api/payments/sandbox/webhook",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(garbage.json()).toMatchObject({ code: 400 });

    expect(await snapshot()).toEqual(before);
    expect((await orderOf(t.app, buyer.token, order.id)).status).toBe("awaiting_payment");
  });

  it("takes a replayed event once", async () => {
    const goods = await postGoods(t.app, seller.token, { priceCents: 5_000 });
    const order = await boughtOrder(t.app, buyer.token, goods.id, "meetup");
    // Paid at the sandbox, whose own webhook is held back: the test sends the event itself, twice.
    await payOnSandbox(t.app, order, "no_webhook");
    const paymentRef = await paymentRefOf(order.id);
    const id = `evt_${randomUUID()}`;
    expect((await webhook({ id, paymentRef, amountCents: 5_000 })).json()).toMatchObject({ code: 200, msg: "已处理" });
    const before = await snapshot();
    expect((await webhook({ id, paymentRef, amountCents: 5_000 })).json()).toMatchObject({
      code: 200,
      msg: "已处理过",
    });
    expect(await snapshot()).toEqual(before);
    expect((await orderOf(t.app, buyer.token, order.id)).status).toBe("paid");
  });
});

describe("the sandbox's ways of failing", () => {
  it("sends an event twice, or an older failure after the success: the order is paid once", async () => {
    for (const mode of ["duplicate", "out_of_order"]) {
      const goods = await postGoods(t.app, seller.token);
      const order = await boughtOrder(t.app, buyer.token, goods.id, "meetup");
      await payOnSandbox(t.app, order, mode);
      await deliverWebhooks(t.app);
      const detail = await orderOf(t.app, buyer.token, order.id);
      expect(detail.status).toBe("paid");
      expect(detail.events.map((event) => event.transition)).toEqual(["create", "pay"]);
    }
  });

  it("declines: the order still waits for payment, and its timeline says so", async () => {
    const goods = await postGoods(t.app, seller.token);
    const order = await boughtOrder(t.app, buyer.token, goods.id, "meetup");
    await payOnSandbox(t.app, order, "declined");
    await deliverWebhooks(t.app);
    const detail = await orderOf(t.app, buyer.token, order.id);
    expect(detail.status).toBe("awaiting_payment");
    expect(detail.events.at(-1)).toMatchObject({ transition: "paymentFailed", note: "支付未成功，可以重新付款" });
    // 去付款 again: the same page takes another attempt, which succeeds.
    const again = await orderAction(t.app, buyer.token, order.id, "pay");
    expect(again.data.payUrl).toBe(order.payUrl);
    expect((await payOnSandbox(t.app, order)).code).toBe(200);
    await deliverWebhooks(t.app);
    expect((await orderOf(t.app, buyer.token, order.id)).status).toBe("paid");
  });

  it("never sends the webhook: the product asks and finds the order paid", async () => {
    const goods = await postGoods(t.app, seller.token);
    const order = await boughtOrder(t.app, buyer.token, goods.id, "meetup");
    await payOnSandbox(t.app, order, "no_webhook");
    expect(await deliverWebhooks(t.app)).toBe(0);
    expect((await orderOf(t.app, buyer.token, order.id)).status).toBe("awaiting_payment");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2 * 60 * 1000 });
    expect(await jobs.poll(t.app)).toEqual({ paid: 1 });
    expect((await orderOf(t.app, buyer.token, order.id)).status).toBe("paid");
  });

  it("never sends the webhook, and the unpaid timer comes: the order is paid, not closed", async () => {
    const goods = await postGoods(t.app, seller.token);
    const order = await boughtOrder(t.app, buyer.token, goods.id, "meetup");
    await payOnSandbox(t.app, order, "no_webhook");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31 * 60 * 1000 });
    await jobs.timers(t.app);
    expect((await orderOf(t.app, buyer.token, order.id)).status).toBe("paid");
    expect(await goodsStatus(t.app, goods.id)).toBe("reserved");
  });

  it("fails a refund once: the refund is owed, then made by the settle job", async () => {
    const heldBefore = await sandboxOf(t.app).heldCents();
    const goods = await postGoods(t.app, seller.token, { priceCents: 7_000 });
    const order = await boughtOrder(t.app, buyer.token, goods.id, "meetup");
    await payOnSandbox(t.app, order, "refund_fails_once");
    await deliverWebhooks(t.app);
    expect((await orderAction(t.app, seller.token, order.id, "refund")).data).toMatchObject({
      status: "closed",
      closeReason: "seller_cancelled",
    });
    expect(await sandboxOf(t.app).heldCents()).toBe(heldBefore + 7_000);
    await expectLedgerBalanced(t.app);
    // Retried after a minute, not at once.
    expect(await jobs.settle(t.app)).toEqual({ settled: 0, owed: 0 });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61 * 1000 });
    expect(await jobs.settle(t.app)).toEqual({ settled: 1, owed: 0 });
    expect(await sandboxOf(t.app).heldCents()).toBe(heldBefore);
    expect((await orderOf(t.app, buyer.token, order.id)).events.at(-1)).toMatchObject({
      transition: "refunded",
      note: "¥70 已原路退回买家",
    });
  });
});

describe("a payment after the order closed", () => {
  it("is recorded and refunded by itself, and its webhook arriving later changes nothing", async () => {
    const heldBefore = await sandboxOf(t.app).heldCents();
    const goods = await postGoods(t.app, seller.token, { priceCents: 3_000 });
    const order = await boughtOrder(t.app, buyer.token, goods.id, "meetup");
    await payOnSandbox(t.app, order);
    // The buyer cancels before the webhook arrives: the product asks the provider, which has the money.
    expect((await orderAction(t.app, buyer.token, order.id, "cancel")).data.status).toBe("closed");
    await deliverWebhooks(t.app);
    const detail = await orderOf(t.app, buyer.token, order.id);
    expect(detail.events.map((event) => event.transition)).toEqual(["create", "cancel", "latePayment", "refunded"]);
    expect(await sandboxOf(t.app).heldCents()).toBe(heldBefore);
    expect(await goodsStatus(t.app, goods.id)).toBe("on_sale");
  });
});
