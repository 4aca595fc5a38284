import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import {
  boughtOrder,
  deliverWebhooks,
  expectLedgerBalanced,
  orderAction,
  orderOf,
  paidOrder,
  payOnSandbox,
  sandboxOf,
} from "../../test-support/orders.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { goodsStatus } from "../../test-support/trade.js";
import { accounts, balanceOf } from "../ledger/index.js";

let t: TestApp;
let seller: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer] = [await registerUser(t.app, t.dataDir), await registerUser(t.app, t.dataDir)];
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

describe("a protected purchase, shipped", () => {
  it("reserves the goods, holds the money once paid, and releases it to the seller on 确认收货", async () => {
    const goods = await postGoods(t.app, seller.token, { priceCents: 12_300 });
    const order = await boughtOrder(t.app, buyer.token, goods.id);
    expect(order).toMatchObject({
      status: "awaiting_payment",
      priceCents: 12_300,
      feeCents: 0,
      totalCents: 12_300,
      role: "buyer",
    });
    expect(order.payUrl).toMatch(/^\/sandbox-pay\//);
    expect(order.actions).toEqual(["cancel"]);
    expect(await goodsStatus(t.app, goods.id)).toBe("reserved");

    // The seller sees no address before the buyer paid, and no page to pay on.
    const unpaid = await orderOf(t.app, seller.token, order.id);
    expect(unpaid).toMatchObject({ address: null, payUrl: null, role: "seller", actions: ["cancel"] });

    expect((await payOnSandbox(t.app, order)).data.status).toBe("succeeded");
    await deliverWebhooks(t.app);
    const paid = await orderOf(t.app, seller.token, order.id);
    expect(paid).toMatchObject({ status: "paid", dueTransition: "shipDeadline", actions: ["ship", "refund"] });
    expect(paid.address?.recipientName).toBe("王小明");
    expect(await sandboxOf(t.app).heldCents()).toBe(12_300);
    await expectLedgerBalanced(t.app);

    const shipped = await orderAction(t.app, seller.token, order.id, "ship", {
      carrier: "SF",
      trackingNumber: "sf1234567890123",
    });
    expect(shipped.data).toMatchObject({
      status: "shipped",
      carrier: "SF",
      trackingNumber: "SF1234567890123",
      dueTransition: "autoConfirm",
    });

    const confirmed = await orderAction(t.app, buyer.token, order.id, "confirm");
    expect(confirmed.data).toMatchObject({ status: "completed", actions: [] });
    expect(await goodsStatus(t.app, goods.id)).toBe("sold");
    expect(await sandboxOf(t.app).heldCents()).toBe(0);
    const detail = await orderOf(t.app, buyer.token, order.id);
    expect(detail.events.map((event) => event.transition)).toEqual(["create", "pay", "ship", "confirm", "released"]);
    await expectLedgerBalanced(t.app);

    // The deal the order paid is completed: both sides may review each other.
    const review = await call(t.app, "POST", "/api/reviews", {
      token: buyer.token,
      body: { dealId: detail.dealId, rating: 5, content: "很好" },
    });
    expect(review.code).toBe(200);
  });
});

describe("a protected purchase, handed over (面交)", () => {
  it("completes when the seller enters the buyer's pickup code, after wrong tries are counted", async () => {
    const goods = await postGoods(t.app, seller.token);
    const order = await paidOrder(t.app, buyer.token, goods.id, "meetup");
    const seen = await orderOf(t.app, buyer.token, order.id);
    expect(seen.pickupCode).toMatch(/^\d{6}$/);
    expect((await orderOf(t.app, seller.token, order.id)).pickupCode).toBeNull();
    expect((await orderAction(t.app, seller.token, order.id, "ship", {})).data.status).toBe("shipped");

    const wrong = await orderAction(t.app, seller.token, order.id, "pickup", {
      code: "000000" === seen.pickupCode ? "111111" : "000000",
    });
    expect(wrong).toMatchObject({ code: 1806, msg: "取件码不正确，还可以再试 4 次" });
    expect((await orderOf(t.app, seller.token, order.id)).pickupTriesLeft).toBe(4);

    const right = await orderAction(t.app, seller.token, order.id, "pickup", { code: seen.pickupCode });
    expect(right.data.status).toBe("completed");
    await expectLedgerBalanced(t.app);
  });
});

describe("the seller's page", () => {
  it("counts completed protected sales, and the paid orders the seller cancelled as the cancel rate", async () => {
    const shop = await registerUser(t.app, t.dataDir);
    const profile = async () => (await call(t.app, "GET", `/api/user/${shop.id}/profile`)).data;
    expect(await profile()).toMatchObject({ protectedSales: 0, cancelRate: null });
    const sold = await paidOrder(t.app, buyer.token, (await postGoods(t.app, shop.token)).id, "meetup");
    await orderAction(t.app, shop.token, sold.id, "ship", {});
    await orderAction(t.app, buyer.token, sold.id, "confirm");
    const cancelled = await paidOrder(t.app, buyer.token, (await postGoods(t.app, shop.token)).id, "meetup");
    await orderAction(t.app, shop.token, cancelled.id, "refund");
    expect(await profile()).toMatchObject({ protectedSales: 1, cancelRate: 0.5 });
  });
});

describe("a buyer-protection fee", () => {
  it("is shown at checkout, paid on top of the price, and kept by the platform when the money is released", async () => {
    const feeApp = await createTestApp({ BUYER_FEE_BASIS_POINTS: "150" });
    try {
      const [shop, customer] = [
        await registerUser(feeApp.app, feeApp.dataDir),
        await registerUser(feeApp.app, feeApp.dataDir),
      ];
      const goods = await postGoods(feeApp.app, shop.token, { priceCents: 10_000 });
      const checkout = await call(feeApp.app, "GET", `/api/orders/checkout?goodsId=${goods.id}`, {
        token: customer.token,
      });
      expect(checkout.data).toMatchObject({ priceCents: 10_000, feeCents: 150, totalCents: 10_150, fromOffer: false });
      const order = await paidOrder(feeApp.app, customer.token, goods.id, "meetup");
      expect(order).toMatchObject({ priceCents: 10_000, feeCents: 150, totalCents: 10_150 });
      expect(await sandboxOf(feeApp.app).heldCents()).toBe(10_150);
      await orderAction(feeApp.app, shop.token, order.id, "ship", {});
      await orderAction(feeApp.app, customer.token, order.id, "confirm");
      expect(await balanceOf(feeApp.app.db, accounts.releasedTo(Number(shop.id)))).toBe(10_000);
      expect(await balanceOf(feeApp.app.db, accounts.platformFees)).toBe(150);
      await expectLedgerBalanced(feeApp.app);
    } finally {
      await feeApp.close();
    }
  });
});
