import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { postGoods } from "../../test-support/goods.js";
import {
  addAddress,
  boughtOrder,
  buy,
  expectLedgerBalanced,
  orderAction,
  paidOrder,
  payOnSandbox,
} from "../../test-support/orders.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { refusedWithoutWriting } from "../../test-support/trade.js";

let t: TestApp;
let seller: RegisteredUser;
let buyer: RegisteredUser;
let stranger: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer, stranger] = [
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
  ];
});
afterAll(async () => {
  await expectLedgerBalanced(t.app);
  await t.close();
});

describe("buying what cannot be bought", () => {
  it("refuses one's own goods, sold or reserved goods, hidden goods and a missing address, writing nothing", async () => {
    const own = await postGoods(t.app, buyer.token);
    await refusedWithoutWriting(t, () => buy(t.app, buyer.token, { goodsId: own.id, delivery: "meetup" }), {
      code: 1801,
      msg: "不能购买自己发布的闲置",
    });

    const taken = await postGoods(t.app, seller.token);
    await boughtOrder(t.app, stranger.token, taken.id, "meetup");
    await refusedWithoutWriting(t, () => buy(t.app, buyer.token, { goodsId: taken.id, delivery: "meetup" }), {
      code: 1502,
      msg: "这件闲置已被预订或已售出",
    });

    const hidden = await postGoods(t.app, seller.token);
    // As a moderator's 下架 leaves them: seen by their seller only.
    await t.app.db
      .updateTable("goods")
      .set({ visibility: "hidden", listed: 0 })
      .where("id", "=", Number(hidden.id))
      .execute();
    await refusedWithoutWriting(t, () => buy(t.app, buyer.token, { goodsId: hidden.id, delivery: "meetup" }), {
      status: 404,
    });

    const goods = await postGoods(t.app, seller.token);
    await refusedWithoutWriting(t, () => buy(t.app, buyer.token, { goodsId: goods.id, delivery: "shipping" }), {
      code: 1803,
      msg: "请选择收货地址",
    });
    const othersAddress = await addAddress(t.app, stranger.token);
    await refusedWithoutWriting(
      t,
      () => buy(t.app, buyer.token, { goodsId: goods.id, delivery: "shipping", addressId: othersAddress.id }),
      { status: 404, msg: "收货地址不存在" },
    );
  });

  it("refuses a total other than the server's, and nothing is reserved", async () => {
    const goods = await postGoods(t.app, seller.token, { priceCents: 9_900 });
    await refusedWithoutWriting(
      t,
      () => buy(t.app, buyer.token, { goodsId: goods.id, delivery: "meetup", amountCents: 1 }),
      {
        code: 1802,
        msg: "金额已变为 ¥99，请确认后再下单",
      },
    );
    const order = await buy(t.app, buyer.token, { goodsId: goods.id, delivery: "meetup", amountCents: 9_900 });
    expect(order.data).toMatchObject({ totalCents: 9_900, status: "awaiting_payment" });
  });

  it("answers the same order when the buyer presses twice", async () => {
    const goods = await postGoods(t.app, seller.token);
    const first = await buy(t.app, buyer.token, { goodsId: goods.id, delivery: "meetup" });
    const second = await buy(t.app, buyer.token, { goodsId: goods.id, delivery: "meetup" });
    expect(second.data.id).toBe(first.data.id);
  });
});

describe("a step by the wrong person or at the wrong time", () => {
  it("refuses shipping before payment, a buyer shipping, a seller confirming, and strangers", async () => {
    const goods = await postGoods(t.app, seller.token);
    const unpaid = await boughtOrder(t.app, buyer.token, goods.id);
    await refusedWithoutWriting(
      t,
      () => orderAction(t.app, seller.token, unpaid.id, "ship", { carrier: "SF", trackingNumber: "SF1234567890123" }),
      {
        code: 1804,
        msg: "这笔订单当前为「待付款」，不能进行这个操作",
      },
    );

    const other = await postGoods(t.app, seller.token);
    const paid = await paidOrder(t.app, buyer.token, other.id);
    await refusedWithoutWriting(t, () => orderAction(t.app, buyer.token, paid.id, "ship", {}), {
      status: 403,
      msg: "只有卖家可以发货",
    });
    await refusedWithoutWriting(t, () => orderAction(t.app, seller.token, paid.id, "confirm"), {
      status: 403,
      msg: "只有买家可以确认收货",
    });
    await refusedWithoutWriting(t, () => orderAction(t.app, stranger.token, paid.id, "refund"), {
      status: 404,
      msg: "订单不存在",
    });
    expect(await call(t.app, "GET", `/api/orders/${paid.id}`, { token: stranger.token })).toMatchObject({
      status: 404,
    });
    await refusedWithoutWriting(t, () => orderAction(t.app, buyer.token, paid.id, "cancel"), {
      code: 1804,
      msg: "这笔订单当前为「待发货」，不能进行这个操作",
    });
    await refusedWithoutWriting(
      t,
      () => call(t.app, "POST", `/api/deals/${(paid as { dealId: string }).dealId}/cancel`, { token: buyer.token }),
      {
        code: 1810,
      },
    );
  });

  it("refuses paying twice, at the provider's page and at the order", async () => {
    const goods = await postGoods(t.app, seller.token);
    const paid = await paidOrder(t.app, buyer.token, goods.id, "meetup");
    await refusedWithoutWriting(t, () => payOnSandbox(t.app, paid), {
      code: 1804,
      msg: "这笔支付已经完成，无需重复支付",
    });
    await refusedWithoutWriting(t, () => orderAction(t.app, buyer.token, paid.id, "pay"), {
      code: 1804,
      msg: "这笔订单当前为「待发货」，不能进行这个操作",
    });
  });

  it("refuses a tracking number that matches no form of its carrier's", async () => {
    const goods = await postGoods(t.app, seller.token);
    const paid = await paidOrder(t.app, buyer.token, goods.id);
    for (const body of [
      { carrier: "SF", trackingNumber: "12345" },
      { carrier: "YTO", trackingNumber: "SF1234567890123" },
      {},
    ]) {
      await refusedWithoutWriting(t, () => orderAction(t.app, seller.token, paid.id, "ship", body), { code: 1805 });
    }
  });

  it("takes one extension and one cancel request only", async () => {
    const goods = await postGoods(t.app, seller.token);
    const paid = await paidOrder(t.app, buyer.token, goods.id);
    expect((await orderAction(t.app, buyer.token, paid.id, "request-cancel")).data.cancelRequestedAt).not.toBeNull();
    await refusedWithoutWriting(t, () => orderAction(t.app, buyer.token, paid.id, "request-cancel"), { code: 1809 });
    await orderAction(t.app, seller.token, paid.id, "ship", { carrier: "JD", trackingNumber: "JDABC12345678" });
    expect((await orderAction(t.app, buyer.token, paid.id, "extend")).data.extended).toBe(true);
    await refusedWithoutWriting(t, () => orderAction(t.app, buyer.token, paid.id, "extend"), { code: 1808 });
  });

  it("stops taking pickup codes after five wrong ones", async () => {
    const goods = await postGoods(t.app, seller.token);
    const paid = await paidOrder(t.app, buyer.token, goods.id, "meetup");
    await orderAction(t.app, seller.token, paid.id, "ship", {});
    const codes = [];
    for (let i = 0; i < 5; i += 1)
      codes.push((await orderAction(t.app, seller.token, paid.id, "pickup", { code: "abc" })).msg);
    expect(codes.at(-1)).toBe("取件码输错次数过多，请让买家在订单中确认收货");
    await refusedWithoutWriting(t, () => orderAction(t.app, seller.token, paid.id, "pickup", { code: "abc" }), {
      code: 1807,
    });
  });
});
