import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../../errors.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { PaymentProviderError } from "../payment-provider.js";
import { SandboxProvider } from "./sandbox-provider.js";

let t: TestApp;
let sandbox: SandboxProvider;
const sent: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  sandbox = new SandboxProvider({
    db: t.app.db,
    secret: "a-test-secret-of-sixteen",
    send: async ({ body }) => {
      sent.push(body);
      return 200;
    },
    deliverAfterMs: null,
  });
});
afterAll(() => t.close());

async function newPayment(amountCents = 12_300) {
  const paymentRef = `P${randomBytes(8).toString("hex")}`;
  const { payUrl } = await sandbox.createPayment({
    paymentRef,
    amountCents,
    subject: "九成新 Kindle",
    returnUrl: "https://xianzhi.example/orders/1",
    onPhone: true,
  });
  return { paymentRef, paymentId: payUrl.replace("/sandbox-pay/", ""), payUrl };
}

/** What a refused call threw: its envelope code and message, or the provider's error. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (error instanceof AppError) return { code: error.code, msg: error.message };
  return error;
}

describe("a sandbox payment", () => {
  it("is made once per payment number, at an unguessable pay page", async () => {
    const first = await newPayment();
    expect(first.payUrl).toMatch(/^\/sandbox-pay\/[\w-]{24}$/);
    const again = await sandbox.createPayment({
      paymentRef: first.paymentRef,
      amountCents: 12_300,
      subject: "九成新 Kindle",
      returnUrl: "https://xianzhi.example/orders/1",
      onPhone: false,
    });
    expect(again.payUrl).toBe(first.payUrl);
    expect(await sandbox.payment(first.paymentId)).toEqual({
      id: first.paymentId,
      subject: "九成新 Kindle",
      amountCents: 12_300,
      status: "pending",
      returnUrl: "https://xianzhi.example/orders/1",
    });
    expect(await sandbox.paymentStatus(first.paymentRef)).toEqual({ state: "pending", amountCents: null });
    // The same number for another amount is another payment: refused, as a provider refuses it.
    await expect(
      sandbox.createPayment({
        ...{ paymentRef: first.paymentRef, subject: "x", returnUrl: "/", onPhone: false },
        amountCents: 1,
      }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("is paid once: paid, failed and closed payments cannot be paid, with a clear reason", async () => {
    const paid = await newPayment(5000);
    expect(await sandbox.pay(paid.paymentId)).toMatchObject({ status: "succeeded" });
    expect(await sandbox.paymentStatus(paid.paymentRef)).toEqual({ state: "succeeded", amountCents: 5000 });
    expect(await refusal(sandbox.pay(paid.paymentId))).toEqual({ code: 1804, msg: "这笔支付已经完成，无需重复支付" });
    expect(await refusal(sandbox.fail(paid.paymentId))).toEqual({ code: 1804, msg: "这笔支付已经完成，无需重复支付" });

    const failed = await newPayment();
    expect(await sandbox.fail(failed.paymentId)).toMatchObject({ status: "failed" });
    expect(await sandbox.paymentStatus(failed.paymentRef)).toEqual({ state: "failed", amountCents: null });
    expect(await refusal(sandbox.pay(failed.paymentId))).toEqual({
      code: 1804,
      msg: "这笔支付未成功，请回到订单重新付款",
    });

    const closed = await newPayment();
    await sandbox.cancelPayment(closed.paymentRef);
    expect(await sandbox.paymentStatus(closed.paymentRef)).toEqual({ state: "closed", amountCents: null });
    expect(await refusal(sandbox.pay(closed.paymentId))).toEqual({ code: 1804, msg: "这笔支付已关闭，不能再支付" });

    expect(await refusal(sandbox.pay("no-such-payment"))).toEqual({ code: 404, msg: "支付单不存在" });
    expect(await refusal(sandbox.payment("no-such-payment"))).toEqual({ code: 404, msg: "支付单不存在" });
  });

  it("declined at pay time fails like 支付失败", async () => {
    const declined = await newPayment();
    expect(await sandbox.pay(declined.paymentId, "declined")).toMatchObject({ status: "failed" });
    expect(await sandbox.paymentStatus(declined.paymentRef)).toEqual({ state: "failed", amountCents: null });
  });

  it("cancelled after it was paid stays paid: the product learns it from the webhook or the status", async () => {
    const paid = await newPayment(700);
    await sandbox.pay(paid.paymentId);
    await sandbox.cancelPayment(paid.paymentRef);
    expect(await sandbox.paymentStatus(paid.paymentRef)).toEqual({ state: "succeeded", amountCents: 700 });
  });
});

describe("the money a paid sandbox payment holds", () => {
  it("is held until refunded or released, each move once per key, never more than it holds", async () => {
    const heldBefore = await sandbox.heldCents();
    const payment = await newPayment(10_000);
    await sandbox.pay(payment.paymentId);
    expect(await sandbox.heldCents()).toBe(heldBefore + 10_000);

    const refund = {
      paymentRef: payment.paymentRef,
      amountCents: 3000,
      idempotencyKey: `refund-${payment.paymentRef}`,
    };
    await sandbox.refund(refund);
    await sandbox.refund(refund);
    expect(await sandbox.heldCents()).toBe(heldBefore + 7000);

    await expect(sandbox.refund({ ...refund, amountCents: 7001, idempotencyKey: "too-much" })).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    // The refused key was not spent: the same key for what it holds works.
    await sandbox.release({
      paymentRef: payment.paymentRef,
      amountCents: 7000,
      feeCents: 0,
      idempotencyKey: "too-much",
    });
    await sandbox.release({
      paymentRef: payment.paymentRef,
      amountCents: 7000,
      feeCents: 0,
      idempotencyKey: "too-much",
    });
    expect(await sandbox.heldCents()).toBe(heldBefore);
    await expect(
      sandbox.release({ paymentRef: payment.paymentRef, amountCents: 1, feeCents: 0, idempotencyKey: "nothing-left" }),
    ).rejects.toBeInstanceOf(PaymentProviderError);

    const row = await t.app.db
      .selectFrom("sandboxPayments")
      .select(["heldCents", "refundedCents", "releasedCents"])
      .where("merchantRef", "=", payment.paymentRef)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ heldCents: 0, refundedCents: 3000, releasedCents: 7000 });
  });

  it("refuses to move money of an unpaid payment, odd amounts and a fee larger than the release", async () => {
    const pending = await newPayment(500);
    const move = { paymentRef: pending.paymentRef, amountCents: 500, idempotencyKey: `k-${pending.paymentRef}` };
    await expect(sandbox.refund(move)).rejects.toBeInstanceOf(PaymentProviderError);
    await sandbox.pay(pending.paymentId);
    for (const amountCents of [0, -1, 1.5]) {
      await expect(sandbox.refund({ ...move, amountCents })).rejects.toBeInstanceOf(PaymentProviderError);
    }
    await expect(sandbox.release({ ...move, feeCents: 501 })).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(sandbox.refund({ ...move, paymentRef: "no-such-ref" })).rejects.toBeInstanceOf(PaymentProviderError);
    await sandbox.release({ ...move, feeCents: 50 });
    expect(await sandbox.paymentStatus(pending.paymentRef)).toEqual({ state: "succeeded", amountCents: 500 });
  });

  it("with refund_fails_once: the first refund fails and moves nothing, the retry with the same key works", async () => {
    const payment = await newPayment(2000);
    await sandbox.pay(payment.paymentId, "refund_fails_once");
    const heldBefore = await sandbox.heldCents();
    const refund = { paymentRef: payment.paymentRef, amountCents: 2000, idempotencyKey: `r-${payment.paymentRef}` };
    await expect(sandbox.refund(refund)).rejects.toBeInstanceOf(PaymentProviderError);
    expect(await sandbox.heldCents()).toBe(heldBefore);
    await sandbox.refund(refund);
    await sandbox.refund(refund);
    expect(await sandbox.heldCents()).toBe(heldBefore - 2000);
  });

  it("moves once when the same refund is asked twice at the same moment", async () => {
    const payment = await newPayment(4000);
    await sandbox.pay(payment.paymentId);
    const heldBefore = await sandbox.heldCents();
    const refund = { paymentRef: payment.paymentRef, amountCents: 3000, idempotencyKey: `twice-${payment.paymentRef}` };
    const results = await Promise.allSettled([sandbox.refund(refund), sandbox.refund(refund)]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(await sandbox.heldCents()).toBe(heldBefore - 3000);
  });
});
