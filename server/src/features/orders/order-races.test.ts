import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import { interleaveStatements } from "../../test-support/interleaving.js";
import {
  boughtOrder,
  buy,
  endScenario,
  hoursLater,
  jobs,
  orderAction,
  orderOf,
  paidOrder,
  paymentRefOf,
  payOnSandbox,
  postSandboxWebhook,
} from "../../test-support/orders.js";
import { createTestApp, type TestApp } from "../../test-support/test-app.js";

/**
 * Two things at the same moment on one order, on both databases, statements interleaved as
 * requests side by side interleave: each race has one result, and the ledger balances after it.
 */
let t: TestApp;
let seller: RegisteredUser;
let buyer: RegisteredUser;
let rival: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({}, { databasePlugins: [interleaveStatements] });
  [seller, buyer, rival] = [
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
  ];
});
afterAll(() => t.close());
afterEach(() => endScenario(t.app));

/** The sandbox's success webhook for an order, ready to be posted (twice, or beside something else). */
const successWebhook = async (orderId: string, amountCents: number) => {
  const event = { id: `evt_${randomUUID()}`, paymentRef: await paymentRefOf(t.app, orderId), amountCents };
  return () => postSandboxWebhook(t, event);
};

const transitionsOf = async (orderId: string) =>
  (await orderOf(t.app, buyer.token, orderId)).events.map((event) => event.transition);

describe("two buyers press 立即购买 at once", () => {
  it("makes one order and refuses the other clearly", async () => {
    const goods = await postGoods(t.app, seller.token);
    const replies = await Promise.all([
      buy(t.app, buyer.token, { goodsId: goods.id, delivery: "meetup" }),
      buy(t.app, rival.token, { goodsId: goods.id, delivery: "meetup" }),
    ]);
    expect(replies.map((reply) => reply.code).sort()).toEqual([1502, 200]);
    const orders = await t.app.db.selectFrom("orders").select("id").where("goodsId", "=", Number(goods.id)).execute();
    expect(orders).toHaveLength(1);
  });
});

describe("the same webhook twice at once", () => {
  it("pays the order once", async () => {
    const goods = await postGoods(t.app, seller.token);
    const order = await boughtOrder(t.app, buyer.token, goods.id, "meetup");
    await payOnSandbox(t.app, order, "no_webhook");
    const send = await successWebhook(order.id, order.totalCents);
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((answer) => answer.json().msg).sort()).toEqual(["已处理", "已处理过"]);
    expect(await transitionsOf(order.id)).toEqual(["create", "pay"]);
  });
});

describe("a webhook and the unpaid timer at once", () => {
  it("ends paid: the timer asks the provider first, and one of the two takes the payment", async () => {
    const goods = await postGoods(t.app, seller.token);
    const order = await boughtOrder(t.app, buyer.token, goods.id, "meetup");
    await payOnSandbox(t.app, order, "no_webhook");
    const send = await successWebhook(order.id, order.totalCents);
    hoursLater(0.6);
    await Promise.all([send(), jobs.timers(t.app)]);
    expect((await orderOf(t.app, buyer.token, order.id)).status).toBe("paid");
    expect(await transitionsOf(order.id)).toEqual(["create", "pay"]);
  });
});

describe("the buyer cancels as the payment arrives", () => {
  it("either pays the order or closes it and refunds the payment: never both, never neither", async () => {
    const goods = await postGoods(t.app, seller.token);
    const order = await boughtOrder(t.app, buyer.token, goods.id, "meetup");
    await payOnSandbox(t.app, order, "no_webhook");
    const send = await successWebhook(order.id, order.totalCents);
    const [cancel] = await Promise.all([orderAction(t.app, buyer.token, order.id, "cancel"), send()]);
    const transitions = await transitionsOf(order.id);
    if (cancel.code === 200) expect(transitions).toEqual(["create", "cancel", "latePayment", "refunded"]);
    else expect(transitions).toEqual(["create", "pay"]);
  });
});

describe("确认收货 and the auto-confirm timer at once", () => {
  it("completes once and releases the money once", async () => {
    const goods = await postGoods(t.app, seller.token);
    const order = await paidOrder(t.app, buyer.token, goods.id, "meetup");
    await orderAction(t.app, seller.token, order.id, "ship", {});
    hoursLater(2 * 24 + 0.1);
    await Promise.all([orderAction(t.app, buyer.token, order.id, "confirm"), jobs.timers(t.app)]);
    const transitions = await transitionsOf(order.id);
    expect(transitions.filter((name) => name === "confirm" || name === "autoConfirm")).toHaveLength(1);
    expect(transitions.filter((name) => name === "released")).toHaveLength(1);
  });
});

describe("the seller ships as they cancel", () => {
  it("does one of the two", async () => {
    const goods = await postGoods(t.app, seller.token);
    const order = await paidOrder(t.app, buyer.token, goods.id);
    const replies = await Promise.all([
      orderAction(t.app, seller.token, order.id, "ship", { carrier: "SF", trackingNumber: "SF1234567890123" }),
      orderAction(t.app, seller.token, order.id, "refund"),
    ]);
    expect(replies.map((reply) => reply.code).sort()).toEqual([1804, 200]);
  });
});
