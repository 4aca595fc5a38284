import { RefundTimerDefaults } from "@xianzhi/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { serviceDeps } from "../../services.js";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { uploadFileId } from "../../test-support/goods.js";
import { registerModerator } from "../../test-support/moderation.js";
import { ADDRESS, addAddress, endScenario, hoursLater, jobs, orderAction } from "../../test-support/orders.js";
import {
  askedRefund,
  askRefund,
  fireRefundTimers,
  orderOf,
  refundAction,
  refundBody,
  refundOf,
  rule,
  shippedOrder,
} from "../../test-support/refunds.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { goodsStatus } from "../../test-support/trade.js";
import { purgeUnusedUploads } from "../pictures/index.js";

/**
 * Every row of the refund process (REFUND_PROCESS) on both databases, the timers moved by the
 * clock, each scenario ending with `npm run ledger:check`'s proof (endScenario).
 */
let t: TestApp;
let seller: RegisteredUser;
let buyer: RegisteredUser;
let moderator: RegisteredUser;
let returnAddressId: string;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: METRICS });
  [seller, buyer] = [await registerUser(t.app, t.dataDir), await registerUser(t.app, t.dataDir)];
  moderator = await registerModerator(t.app, t.dataDir);
  returnAddressId = (await addAddress(t.app, seller.token)).id;
});
afterAll(() => t.close());
afterEach(() => endScenario(t.app));

const METRICS = "metrics-token-for-refunds";
const HOUR = 1;
const DAY = 24;
const held = async (orderId: string) => {
  const rows = await t.app.db
    .selectFrom("ledgerPostings")
    .select("amountCents")
    .where("account", "=", `held:order:${orderId}`)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.amountCents), 0);
};
const balanceOf = async (account: string) => {
  const rows = await t.app.db
    .selectFrom("ledgerPostings")
    .select("amountCents")
    .where("account", "=", account)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.amountCents), 0);
};
const kindsOf = async (user: RegisteredUser) =>
  ((await call(t.app, "GET", "/api/notifications", { token: user.token })).data.list as { kind: string }[]).map(
    (n) => n.kind,
  );

describe("仅退款 agreed by the seller", () => {
  it("pauses the receiving time, refunds the buyer in full and closes the order", async () => {
    const { order, goodsId } = await shippedOrder(t.app, seller, buyer);
    expect((await orderOf(t.app, buyer.token, order.id)).actions).toContain("requestRefund");
    expect((await orderOf(t.app, seller.token, order.id)).actions).not.toContain("requestRefund");
    const picture = await uploadFileId(t.app, buyer.token);
    const refund = await askedRefund(t.app, buyer.token, order.id, refundBody({ fileIds: [picture] }));
    expect(refund).toMatchObject({
      status: "requested",
      role: "buyer",
      actions: ["withdraw"],
      dueTransition: "autoAgree",
    });
    expect(refund.words[0]).toMatchObject({ side: "buyer", kind: "request", text: "屏幕有划痕，描述里没写" });
    expect(refund.words[0]?.pictures[0]?.fileId).toBe(picture);
    const paused = await orderOf(t.app, buyer.token, order.id);
    expect(paused).toMatchObject({ status: "shipped", dueAt: null, refund: { id: refund.id, status: "requested" } });
    expect(paused.actions).not.toContain("confirm");
    expect(paused.actions).not.toContain("requestRefund");
    expect(await kindsOf(seller)).toContain("refund_requested");

    const asSeller = await refundOf(t.app, seller.token, refund.id);
    expect(asSeller.actions).toEqual(["agree", "counter", "refuse"]);
    const agreed = await refundAction(t.app, seller.token, refund.id, "agree", {});
    expect(agreed.data).toMatchObject({ status: "refunded", refundCents: 50000, actions: [] });
    const closed = await orderOf(t.app, buyer.token, order.id);
    expect(closed).toMatchObject({ status: "closed", closeReason: "refunded_after_sale" });
    expect(closed.events.map((e) => e.transition)).toEqual(
      expect.arrayContaining(["requestRefund", "refundAfterSale", "refunded"]),
    );
    expect(await held(order.id)).toBe(0);
    expect(await balanceOf(`buyer_refunded:user:${buyer.id}`)).toBeGreaterThanOrEqual(50000);
    // The buyer keeps what came (仅退款): the goods are not put on sale again.
    expect(await goodsStatus(t.app, goodsId)).toBe("sold");
    expect(await kindsOf(buyer)).toContain("refund_updated");
  });
});

describe("a request the seller leaves unanswered", () => {
  it("is agreed to when the answer time ends, not before", async () => {
    const { order } = await shippedOrder(t.app, seller, buyer);
    const refund = await askedRefund(t.app, buyer.token, order.id, refundBody({ amountCents: 20000 }));
    hoursLater(RefundTimerDefaults.answerHours - 0.1);
    expect(await fireRefundTimers(t.app)).toEqual({ fired: 0 });
    hoursLater(0.2);
    expect(await fireRefundTimers(t.app)).toEqual({ fired: 1 });
    expect(await refundOf(t.app, buyer.token, refund.id)).toMatchObject({ status: "refunded", refundCents: 20000 });
    // Part of what was paid: the rest goes to the seller and the order succeeds.
    expect(await orderOf(t.app, buyer.token, order.id)).toMatchObject({ status: "completed" });
    expect(await held(order.id)).toBe(0);
  });
});

describe("退货退款", () => {
  it("goes back to the seller's address, is shipped back and refunded when the seller has it", async () => {
    const { order, goodsId } = await shippedOrder(t.app, seller, buyer);
    const refund = await askedRefund(t.app, buyer.token, order.id, refundBody({ kind: "return" }));
    expect((await refundOf(t.app, seller.token, refund.id)).actions).toEqual(["agreeReturn", "counter", "refuse"]);
    const noAddress = await refundAction(t.app, seller.token, refund.id, "agree", {});
    expect(noAddress).toMatchObject({ code: 2007, msg: "请选择退货地址" });
    const agreed = await refundAction(t.app, seller.token, refund.id, "agree", { addressId: returnAddressId });
    expect(agreed.data).toMatchObject({ status: "awaiting_return", returnAddress: { street: ADDRESS.street } });
    expect(agreed.data.dueTransition).toBe("returnLapsed");
    const shipped = await refundAction(t.app, buyer.token, refund.id, "return", {
      carrier: "SF",
      trackingNumber: "SF1234567890123",
    });
    expect(shipped.data).toMatchObject({ status: "return_shipped", returnTrackingNumber: "SF1234567890123" });
    const received = await refundAction(t.app, seller.token, refund.id, "receive");
    expect(received.data).toMatchObject({ status: "refunded", refundCents: 50000 });
    expect(await orderOf(t.app, buyer.token, order.id)).toMatchObject({ status: "closed" });
    // The seller has the goods back: they are on sale again.
    expect(await goodsStatus(t.app, goodsId)).toBe("on_sale");
  });

  it("closes when not shipped back in time, and the order's receiving time runs on from where it paused", async () => {
    const { order } = await shippedOrder(t.app, seller, buyer);
    const dueBefore = Date.parse(order.dueAt ?? "");
    const refund = await askedRefund(t.app, buyer.token, order.id, refundBody({ kind: "return" }));
    await refundAction(t.app, seller.token, refund.id, "agree", { addressId: returnAddressId });
    hoursLater(RefundTimerDefaults.returnDays * DAY + HOUR);
    expect(await fireRefundTimers(t.app)).toEqual({ fired: 1 });
    expect(await refundOf(t.app, buyer.token, refund.id)).toMatchObject({ status: "closed", endedBy: "returnLapsed" });
    const resumed = await orderOf(t.app, buyer.token, order.id);
    expect(resumed.status).toBe("shipped");
    // The deadline moved by the time the request held it: a little over three days.
    const moved = Date.parse(resumed.dueAt ?? "") - dueBefore;
    expect(moved).toBeGreaterThanOrEqual((RefundTimerDefaults.returnDays * DAY + HOUR) * 3600 * 1000);
    expect(moved).toBeLessThan((RefundTimerDefaults.returnDays * DAY + HOUR + 0.1) * 3600 * 1000);
    expect(resumed.actions).toContain("confirm");
    expect(resumed.actions).not.toContain("requestRefund");
    expect((await orderAction(t.app, buyer.token, order.id, "confirm")).code).toBe(200);
  });

  it("is refunded when the seller does not confirm the return in time", async () => {
    const { order } = await shippedOrder(t.app, seller, buyer);
    const refund = await askedRefund(t.app, buyer.token, order.id, refundBody({ kind: "return" }));
    await refundAction(t.app, seller.token, refund.id, "agree", { addressId: returnAddressId });
    await refundAction(t.app, buyer.token, refund.id, "return", { carrier: "SF", trackingNumber: "SF1234567890123" });
    hoursLater(RefundTimerDefaults.receiveReturnDays * DAY - HOUR);
    expect(await fireRefundTimers(t.app)).toEqual({ fired: 0 });
    hoursLater(2 * HOUR);
    expect(await fireRefundTimers(t.app)).toEqual({ fired: 1 });
    expect(await refundOf(t.app, seller.token, refund.id)).toMatchObject({ status: "refunded" });
    expect(await held(order.id)).toBe(0);
  });

  it("goes to the platform when the seller says it came back wrong", async () => {
    const { order } = await shippedOrder(t.app, seller, buyer);
    const refund = await askedRefund(t.app, buyer.token, order.id, refundBody({ kind: "return" }));
    await refundAction(t.app, seller.token, refund.id, "agree", { addressId: returnAddressId });
    await refundAction(t.app, buyer.token, refund.id, "return", { carrier: "SF", trackingNumber: "SF1234567890123" });
    const photo = await uploadFileId(t.app, seller.token);
    const rejected = await refundAction(t.app, seller.token, refund.id, "reject-return", {
      text: "寄回来的是空盒子",
      fileIds: [photo],
    });
    expect(rejected.data).toMatchObject({ status: "disputed", statementAllowed: true });
    expect(rejected.data.words.at(-1)).toMatchObject({ side: "seller", kind: "return_rejected" });
    const ruled = await rule(t.app, moderator.token, refund.id, { ruling: "release", reason: "快递称重与空盒一致" });
    expect(ruled.data).toMatchObject({
      status: "closed",
      endedBy: "ruleRelease",
      ruling: { ruling: "release", refundCents: 0 },
    });
    expect(await orderOf(t.app, seller.token, order.id)).toMatchObject({ status: "completed" });
  });
});

describe("part of the amount", () => {
  it("is offered by the seller, taken by the buyer, and the rest released to the seller", async () => {
    const { order } = await shippedOrder(t.app, seller, buyer);
    const refund = await askedRefund(t.app, buyer.token, order.id);
    const tooMuch = await refundAction(t.app, seller.token, refund.id, "agree", { amountCents: 60000 });
    expect(tooMuch).toMatchObject({ code: 2005 });
    const offered = await refundAction(t.app, seller.token, refund.id, "agree", { amountCents: 15000 });
    expect(offered.data).toMatchObject({ status: "countered", offeredCents: 15000, dueTransition: "noAgreement" });
    expect((await refundOf(t.app, buyer.token, refund.id)).actions).toEqual(["accept", "escalate", "withdraw"]);
    const accepted = await refundAction(t.app, buyer.token, refund.id, "accept");
    expect(accepted.data).toMatchObject({ status: "refunded", refundCents: 15000 });
    expect(await orderOf(t.app, buyer.token, order.id)).toMatchObject({ status: "completed" });
    expect(await held(order.id)).toBe(0);
    const refunded = await t.app.db
      .selectFrom("ledgerTransactions")
      .select(["kind", "idempotencyKey"])
      .where("orderId", "=", Number(order.id))
      .orderBy("id")
      .execute();
    expect(refunded.map((row) => row.kind)).toEqual(["pay", "refund", "release"]);
  });
});

describe("a refusal", () => {
  it("is taken to the platform by the buyer, and a moderator's split moves the money", async () => {
    const { order } = await shippedOrder(t.app, seller, buyer);
    const refund = await askedRefund(t.app, buyer.token, order.id);
    const refused = await refundAction(t.app, seller.token, refund.id, "refuse", { text: "发货前检查过，没有划痕" });
    expect(refused.data).toMatchObject({ status: "refused" });
    expect((await refundOf(t.app, buyer.token, refund.id)).actions).toEqual(["escalate", "withdraw"]);
    const escalated = await refundAction(t.app, buyer.token, refund.id, "escalate");
    expect(escalated.data).toMatchObject({ status: "disputed", statementAllowed: true });
    const statement = await refundAction(t.app, buyer.token, refund.id, "statement", { text: "附上开箱视频截图" });
    expect(statement.data.statementAllowed).toBe(false);
    const again = await refundAction(t.app, buyer.token, refund.id, "statement", { text: "再补充一点" });
    expect(again).toMatchObject({ code: 2009 });

    const queue = await call(t.app, "GET", "/api/admin/disputes", { token: moderator.token });
    expect(queue.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ refundId: refund.id, overdue: false, paidCents: 50000 })]),
    );
    const detail = await call(t.app, "GET", `/api/admin/disputes/${refund.id}`, { token: moderator.token });
    expect(detail.data.refund.words.map((w: { kind: string }) => w.kind)).toEqual(["request", "refusal", "statement"]);
    expect(detail.data.order.events.length).toBeGreaterThan(3);
    expect(detail.data.buyer.history).toMatchObject({ refunds: expect.any(Number) });

    const noReason = await rule(t.app, moderator.token, refund.id, { ruling: "split", refundCents: 30000, reason: "" });
    expect(noReason.code).toBe(400);
    const badSplit = await rule(t.app, moderator.token, refund.id, {
      ruling: "split",
      refundCents: 50000,
      reason: "双方各担一半责任",
    });
    expect(badSplit).toMatchObject({ code: 2010 });
    const ruled = await rule(t.app, moderator.token, refund.id, {
      ruling: "split",
      refundCents: 25000,
      reason: "双方各担一半责任",
    });
    expect(ruled.data).toMatchObject({ status: "refunded", ruling: { ruling: "split", refundCents: 25000 } });
    const twice = await rule(t.app, moderator.token, refund.id, { ruling: "refund", reason: "再次裁决" });
    expect(twice).toMatchObject({ code: 2008 });
    expect(await kindsOf(buyer)).toContain("dispute_ruled");
    expect(await kindsOf(seller)).toContain("dispute_ruled");
    const log = await call(t.app, "GET", "/api/admin/log", { token: moderator.token });
    expect(log.data.list[0]).toMatchObject({ action: "rule_dispute", targetType: "refund", targetId: refund.id });
    expect(await held(order.id)).toBe(0);
  });

  it("goes to the platform by itself when there is no agreement in time", async () => {
    const { order } = await shippedOrder(t.app, seller, buyer);
    const refund = await askedRefund(t.app, buyer.token, order.id);
    await refundAction(t.app, seller.token, refund.id, "refuse", { text: "不同意" });
    hoursLater(RefundTimerDefaults.agreementDays * DAY - HOUR);
    expect(await fireRefundTimers(t.app)).toEqual({ fired: 0 });
    hoursLater(2 * HOUR);
    expect(await fireRefundTimers(t.app)).toEqual({ fired: 1 });
    expect(await refundOf(t.app, buyer.token, refund.id)).toMatchObject({ status: "disputed" });
    // Waiting past the alert time flags it in the queue.
    hoursLater(RefundTimerDefaults.disputeAlertHours + HOUR);
    const queue = await call(t.app, "GET", "/api/admin/disputes", { token: moderator.token });
    expect(queue.data.find((d: { refundId: string }) => d.refundId === refund.id)).toMatchObject({ overdue: true });
    const metrics = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${METRICS}` },
    });
    expect(metrics.body).toMatch(/^refund_disputes_overdue 1$/m);
    await rule(t.app, moderator.token, refund.id, { ruling: "refund", reason: "卖家未能举证" });
    expect(await orderOf(t.app, buyer.token, order.id)).toMatchObject({ status: "closed" });
  });
});

describe("an open request", () => {
  it("holds the auto-confirm, refuses 确认收货, and after a withdrawal the order goes on without a second request", async () => {
    const { order } = await shippedOrder(t.app, seller, buyer);
    const refund = await askedRefund(t.app, buyer.token, order.id);
    await refundAction(t.app, seller.token, refund.id, "refuse", { text: "不同意" });
    hoursLater(RefundTimerDefaults.agreementDays * DAY - HOUR);
    await jobs.timers(t.app);
    expect(await orderOf(t.app, buyer.token, order.id)).toMatchObject({ status: "shipped", dueAt: null });
    expect(await orderAction(t.app, buyer.token, order.id, "confirm")).toMatchObject({ code: 1812 });
    expect(await orderAction(t.app, buyer.token, order.id, "extend")).toMatchObject({ code: 1812 });
    expect((await refundAction(t.app, buyer.token, refund.id, "withdraw")).data).toMatchObject({
      status: "closed",
      endedBy: "withdraw",
    });
    expect(await askRefund(t.app, buyer.token, order.id, refundBody())).toMatchObject({ code: 2002 });
    const resumed = await orderOf(t.app, buyer.token, order.id);
    expect(resumed).toMatchObject({ status: "shipped", refund: { status: "closed" } });
    expect(Date.parse(resumed.dueAt ?? "")).toBeGreaterThan(Date.now());
  });
});

describe("the seller page", () => {
  it("shows the share of paid orders refunded after sale and taken to the platform", async () => {
    const [shop, customer] = [await registerUser(t.app, t.dataDir), await registerUser(t.app, t.dataDir)];
    const profile = async () => (await call(t.app, "GET", `/api/user/${shop.id}/profile`)).data;
    expect(await profile()).toMatchObject({ refundRate: null, disputeRate: null });
    const refunded = await shippedOrder(t.app, shop, customer);
    const first = await askedRefund(t.app, customer.token, refunded.order.id);
    await refundAction(t.app, shop.token, first.id, "agree");
    const disputed = await shippedOrder(t.app, shop, customer);
    const second = await askedRefund(t.app, customer.token, disputed.order.id);
    await refundAction(t.app, shop.token, second.id, "refuse", { text: "商品完好" });
    await refundAction(t.app, shop.token, second.id, "escalate");
    await rule(t.app, moderator.token, second.id, { ruling: "release", reason: "买家未能举证" });
    expect(await profile()).toMatchObject({ refundRate: 0.5, disputeRate: 0.5, cancelRate: 0 });
  });
});

describe("a request's photos", () => {
  it("are kept as evidence when unused uploads are purged", async () => {
    const { order } = await shippedOrder(t.app, seller, buyer);
    const [evidence, abandoned] = [await uploadFileId(t.app, buyer.token), await uploadFileId(t.app, buyer.token)];
    const refund = await askedRefund(t.app, buyer.token, order.id, refundBody({ fileIds: [evidence] }));
    await purgeUnusedUploads(serviceDeps(t.app), Date.now() + 25 * 3600 * 1000);
    const left = await t.app.db
      .selectFrom("pictures")
      .select("fileId")
      .where("fileId", "in", [evidence, abandoned])
      .execute();
    expect(left.map((row) => row.fileId)).toEqual([evidence]);
    const shown = (await refundOf(t.app, seller.token, refund.id)).words[0]?.pictures[0];
    expect((await t.app.inject({ method: "GET", url: shown?.url ?? "" })).statusCode).toBe(200);
    await refundAction(t.app, buyer.token, refund.id, "withdraw");
  });
});
