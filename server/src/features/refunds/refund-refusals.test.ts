import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { uploadFileId } from "../../test-support/goods.js";
import { endScenario, orderAction } from "../../test-support/orders.js";
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
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

/** Bad input on refunds: each a clear Chinese error, nothing written, no money moved. */
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
afterAll(() => t.close());
afterEach(() => endScenario(t.app));

const refundsOfOrder = (orderId: string) =>
  t.app.db.selectFrom("refunds").select("id").where("orderId", "=", Number(orderId)).execute();
const ledgerLines = async () =>
  Number(
    (
      await t.app.db
        .selectFrom("ledgerTransactions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("a refund request", () => {
  it("is refused to the seller, a stranger, above what was paid, with others' photos, and writes nothing", async () => {
    const { order } = await shippedOrder(t.app, seller, buyer);
    const lines = await ledgerLines();
    expect(await askRefund(t.app, seller.token, order.id, refundBody())).toMatchObject({
      code: 403,
      msg: "只有买家可以申请退款",
    });
    expect((await askRefund(t.app, stranger.token, order.id, refundBody())).code).toBe(404);
    expect(await askRefund(t.app, buyer.token, order.id, refundBody({ amountCents: 50001 }))).toMatchObject({
      code: 2003,
      msg: "退款金额不能超过实付金额 ¥500",
    });
    const othersPhoto = await uploadFileId(t.app, stranger.token);
    expect(await askRefund(t.app, buyer.token, order.id, refundBody({ fileIds: [othersPhoto] }))).toMatchObject({
      code: 2006,
    });
    expect(await askRefund(t.app, buyer.token, order.id, refundBody({ fileIds: ["no-such-file"] }))).toMatchObject({
      code: 2006,
    });
    for (const bad of [
      refundBody({ amountCents: 0 }),
      refundBody({ amountCents: 12.5 }),
      { ...refundBody(), kind: "everything" },
      { ...refundBody(), description: "   " },
      refundBody({ fileIds: ["a", "b", "c", "d", "e", "f", "g"] }),
      refundBody({ fileIds: ["a", "a"] }),
    ]) {
      const reply = await askRefund(t.app, buyer.token, order.id, bad);
      expect(reply.code).toBe(400);
      expect(reply.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await refundsOfOrder(order.id)).toEqual([]);
    expect(await ledgerLines()).toBe(lines);
    const unchanged = await orderOf(t.app, buyer.token, order.id);
    expect(unchanged).toMatchObject({ status: "shipped", refund: null });
    expect(unchanged.dueAt).not.toBeNull();
  });

  it("is refused after 交易成功 and before the goods are shipped", async () => {
    const { order } = await shippedOrder(t.app, seller, buyer);
    expect((await orderAction(t.app, buyer.token, order.id, "confirm")).code).toBe(200);
    expect(await askRefund(t.app, buyer.token, order.id, refundBody())).toMatchObject({
      code: 2001,
      msg: "交易成功后不能再申请退款",
    });
    expect(await refundsOfOrder(order.id)).toEqual([]);
  });
});

describe("the steps of a request", () => {
  it("are refused to the wrong side, out of turn, and to strangers", async () => {
    const { order } = await shippedOrder(t.app, seller, buyer);
    const refund = await askedRefund(t.app, buyer.token, order.id, refundBody({ kind: "return" }));
    expect((await call(t.app, "GET", `/api/refunds/${refund.id}`, { token: stranger.token })).code).toBe(404);
    expect((await refundAction(t.app, stranger.token, refund.id, "withdraw")).code).toBe(404);
    expect(await refundAction(t.app, buyer.token, refund.id, "agree", {})).toMatchObject({
      code: 403,
      msg: "只有卖家可以处理退款申请",
    });
    expect(await refundAction(t.app, seller.token, refund.id, "withdraw")).toMatchObject({ code: 403 });
    // A return tracking number before the seller agreed.
    expect(
      await refundAction(t.app, buyer.token, refund.id, "return", { carrier: "SF", trackingNumber: "SF1234567890123" }),
    ).toMatchObject({ code: 2004 });
    expect(await refundAction(t.app, buyer.token, refund.id, "statement", { text: "补充" })).toMatchObject({
      code: 2004,
    });
    expect((await refundAction(t.app, seller.token, refund.id, "agree", { addressId: "999999" })).code).toBe(404);
    expect(await refundAction(t.app, seller.token, refund.id, "refuse", { text: "" })).toMatchObject({ code: 400 });
    // A ruling by someone who is not a moderator, and on a request that is not a dispute.
    expect((await rule(t.app, buyer.token, refund.id, { ruling: "refund", reason: "我自己裁决" })).code).toBe(403);
    expect(await refundOf(t.app, buyer.token, refund.id)).toMatchObject({
      status: "requested",
      words: [expect.anything()],
    });
    await refundAction(t.app, buyer.token, refund.id, "withdraw");
  });
});
