import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_ID, alipaySide, GatewayStandIn, rsaKeys, type TestKeys } from "../../../test-support/alipay-gateway.js";
import { PaymentProviderError } from "../payment-provider.js";
import { AlipayProvider } from "./alipay-provider.js";
import { beijingTimeOf } from "./alipay-values.js";

const keys: TestKeys = { app: rsaKeys(), alipay: rsaKeys() };
const gateway = new GatewayStandIn(keys);
let gatewayUrl: string;
let provider: AlipayProvider;

beforeAll(async () => {
  gatewayUrl = await gateway.listen();
  provider = new AlipayProvider({
    alipay: gateway.configFor(gatewayUrl),
    publicOrigin: "https://xianzhi.example",
    paymentMinutes: 30,
  });
});
afterAll(() => gateway.close());

/** The pay URL's fields, and its biz_content read. */
function fieldsOf(payUrl: string) {
  const fields = Object.fromEntries(new URL(payUrl).searchParams);
  return { fields, biz: JSON.parse(fields.biz_content ?? "{}") };
}

const input = {
  paymentRef: "X20240501ABC",
  amountCents: 1230,
  subject: "佳能 相机/镜头=套装&包邮",
  returnUrl: "https://xianzhi.example/orders/7",
  onPhone: false,
};

describe("an Alipay payment's page", () => {
  it("is Alipay's desktop cashier URL, signed so that the SDK verifies it, for a frozen guaranteed trade", async () => {
    const before = Date.now();
    const { payUrl } = await provider.createPayment(input);
    expect(payUrl.startsWith(`${gatewayUrl}?`)).toBe(true);
    const { fields, biz } = fieldsOf(payUrl);
    expect(fields).toMatchObject({
      method: "alipay.trade.page.pay",
      app_id: APP_ID,
      charset: "utf-8",
      sign_type: "RSA2",
      notify_url: "https://xianzhi.example/api/payments/alipay/webhook",
      return_url: "https://xianzhi.example/orders/7",
    });
    expect(biz).toEqual({
      out_trade_no: "X20240501ABC",
      total_amount: "12.30",
      subject: "佳能 相机 镜头 套装 包邮",
      product_code: "FAST_INSTANT_TRADE_PAY",
      time_expire: expect.any(String),
      extend_params: { royalty_freeze: "true" },
    });
    // It expires with the order's time to pay, in Beijing time.
    expect(biz.time_expire >= beijingTimeOf(new Date(before + 30 * 60_000 - 1000))).toBe(true);
    expect(biz.time_expire <= beijingTimeOf(new Date(Date.now() + 30 * 60_000))).toBe(true);

    const alipay = alipaySide(keys);
    expect(alipay.checkNotifySignV2(fields)).toBe(true);
    const tampered = { ...fields, biz_content: JSON.stringify({ ...biz, total_amount: "0.01" }) };
    expect(alipay.checkNotifySignV2(tampered)).toBe(false);
  });

  it("on a phone is Alipay's phone cashier (wap pay), leaving back to the order", async () => {
    const { payUrl } = await provider.createPayment({ ...input, amountCents: 99_900, onPhone: true });
    const { fields, biz } = fieldsOf(payUrl);
    expect(fields.method).toBe("alipay.trade.wap.pay");
    expect(biz).toMatchObject({
      total_amount: "999.00",
      product_code: "QUICK_WAP_WAY",
      quit_url: "https://xianzhi.example/orders/7",
      extend_params: { royalty_freeze: "true" },
    });
    expect(alipaySide(keys).checkNotifySignV2(fields)).toBe(true);
  });

  it("expires when the order stops waiting, when told, the same for every URL of the payment", async () => {
    const expiresAt = "2030-01-02T03:04:05.000Z";
    const first = fieldsOf((await provider.createPayment({ ...input, expiresAt })).payUrl).biz;
    const again = fieldsOf((await provider.createPayment({ ...input, expiresAt })).payUrl).biz;
    expect(first.time_expire).toBe("2030-01-02 11:04:05");
    expect(again).toEqual(first);
  });

  it("is refused for an amount that is not a whole positive number of fen", async () => {
    for (const amountCents of [0, -5, 12.5]) {
      await expect(provider.createPayment({ ...input, amountCents })).rejects.toBeInstanceOf(PaymentProviderError);
    }
  });
});

describe("the calls to Alipay's gateway", () => {
  /** Answers by method; what is not listed succeeds with nothing more. */
  const answering = (answers: Record<string, Record<string, unknown>>) => {
    gateway.calls.length = 0;
    gateway.answer = (call) => ({ code: "10000", msg: "Success", ...answers[call.method] });
  };
  const refusal = (subCode: string) => ({ code: "40004", msg: "Business Failed", sub_code: subCode, sub_msg: "x" });

  it("read a payment's state, and every call is signed by the app", async () => {
    const cases: [Record<string, unknown>, unknown][] = [
      [
        { trade_status: "WAIT_BUYER_PAY", total_amount: "12.30" },
        { state: "pending", amountCents: null },
      ],
      [
        { trade_status: "TRADE_SUCCESS", total_amount: "12.30" },
        { state: "succeeded", amountCents: 1230 },
      ],
      [
        { trade_status: "TRADE_FINISHED", total_amount: "0.01" },
        { state: "succeeded", amountCents: 1 },
      ],
      [
        { trade_status: "TRADE_CLOSED", total_amount: "12.30" },
        { state: "closed", amountCents: null },
      ],
      [refusal("ACQ.TRADE_NOT_EXIST"), { state: "pending", amountCents: null }],
    ];
    for (const [answer, status] of cases) {
      answering({ "alipay.trade.query": answer });
      expect(await provider.paymentStatus("X1")).toEqual(status);
      expect(gateway.calls).toEqual([{ method: "alipay.trade.query", biz: { out_trade_no: "X1" }, signedByApp: true }]);
    }
  });

  it("refuse an answer not signed by Alipay, and a gateway that cannot be reached", async () => {
    answering({ "alipay.trade.query": { trade_status: "TRADE_SUCCESS", total_amount: "12.30" } });
    gateway.signingKey = rsaKeys().privateKey;
    try {
      await expect(provider.paymentStatus("X1")).rejects.toThrow(/验签失败/);
    } finally {
      gateway.signingKey = keys.alipay.privateKey;
    }
    const unreachable = new AlipayProvider({
      alipay: gateway.configFor("http://127.0.0.1:9/gateway.do"),
      publicOrigin: "https://xianzhi.example",
      paymentMinutes: 30,
    });
    await expect(unreachable.paymentStatus("X1")).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(unreachable.refund({ paymentRef: "X1", amountCents: 1, idempotencyKey: "k" })).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
  });

  it("close an unpaid trade, and take a trade never opened or no longer open as nothing to close", async () => {
    for (const answer of [{}, refusal("ACQ.TRADE_NOT_EXIST"), refusal("ACQ.TRADE_STATUS_ERROR")]) {
      answering({ "alipay.trade.close": answer });
      await provider.cancelPayment("X2");
      expect(gateway.calls).toMatchObject([{ method: "alipay.trade.close", biz: { out_trade_no: "X2" } }]);
    }
    answering({ "alipay.trade.close": refusal("ACQ.SYSTEM_ERROR") });
    await expect(provider.cancelPayment("X2")).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("refund in yuan under the move's key, and believe only a refund Alipay says moved money", async () => {
    const move = { paymentRef: "X3", amountCents: 3000, idempotencyKey: "refund_order_3" };
    answering({ "alipay.trade.refund": { fund_change: "Y", refund_fee: "30.00" } });
    await provider.refund(move);
    expect(gateway.calls).toMatchObject([
      {
        method: "alipay.trade.refund",
        biz: { out_trade_no: "X3", refund_amount: "30.00", out_request_no: "refund_order_3" },
      },
    ]);

    // A repeat (fund_change N) is confirmed by the refund query before it counts.
    answering({
      "alipay.trade.refund": { fund_change: "N" },
      "alipay.trade.fastpay.refund.query": { refund_status: "REFUND_SUCCESS", refund_amount: "30.00" },
    });
    await provider.refund(move);
    expect(gateway.calls.map((call) => [call.method, call.biz.out_request_no])).toEqual([
      ["alipay.trade.refund", "refund_order_3"],
      ["alipay.trade.fastpay.refund.query", "refund_order_3"],
    ]);
    answering({ "alipay.trade.refund": { fund_change: "N" }, "alipay.trade.fastpay.refund.query": {} });
    await expect(provider.refund(move)).rejects.toBeInstanceOf(PaymentProviderError);
    answering({ "alipay.trade.refund": refusal("ACQ.TRADE_NOT_ALLOW_REFUND") });
    await expect(provider.refund(move)).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("give a key Alipay would not take as out_request_no the same short digest on every retry", async () => {
    answering({ "alipay.trade.refund": { fund_change: "Y" } });
    const move = { paymentRef: "X4", amountCents: 100, idempotencyKey: "refund:order:12345:after-a-very-long-story" };
    await provider.refund(move);
    await provider.refund(move);
    const [first, second] = gateway.calls.map((call) => String(call.biz.out_request_no));
    expect(first).toMatch(/^\w{1,32}$/);
    expect(second).toBe(first);
  });

  it("release the seller's share to the seller's Alipay account and unfreeze the fee", async () => {
    answering({
      "alipay.trade.query": {
        trade_no: "2024050122001400000000001",
        trade_status: "TRADE_SUCCESS",
        total_amount: "105.00",
      },
      "alipay.trade.order.settle": { trade_no: "2024050122001400000000001", settle_no: "1" },
    });
    await provider.release({
      paymentRef: "X5",
      amountCents: 10_500,
      feeCents: 500,
      idempotencyKey: "release_order_5",
      payeeAccount: "2088000000000002",
    });
    expect(gateway.calls).toEqual([
      { method: "alipay.trade.query", biz: { out_trade_no: "X5" }, signedByApp: true },
      {
        method: "alipay.trade.order.settle",
        biz: {
          out_request_no: "release_order_5",
          trade_no: "2024050122001400000000001",
          royalty_parameters: [
            {
              royalty_type: "transfer",
              trans_in_type: "userId",
              trans_in: "2088000000000002",
              amount: "100.00",
              desc: "闲置订单货款",
            },
          ],
          extend_params: { royalty_finish: "true" },
        },
        signedByApp: true,
      },
    ]);

    gateway.calls.length = 0;
    await provider.release({
      paymentRef: "X5",
      amountCents: 500,
      feeCents: 0,
      idempotencyKey: "release_order_6",
      payeeAccount: "seller@example.com",
    });
    expect(gateway.calls[1]?.biz.royalty_parameters).toMatchObject([{ trans_in_type: "loginName", amount: "5.00" }]);
  });

  it("refuse a release with no account to pay, or a fee larger than the release, before calling Alipay", async () => {
    answering({});
    const move = { paymentRef: "X6", amountCents: 1000, feeCents: 0, idempotencyKey: "release_order_7" };
    await expect(provider.release(move)).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(
      provider.release({ ...move, feeCents: 1001, payeeAccount: "2088000000000002" }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    expect(gateway.calls).toEqual([]);
  });

  it("say Alipay holds funds, refunds in part and splits, and offers no balance to check against", async () => {
    expect(provider.capabilities).toEqual({ holdsFunds: true, partialRefund: true, split: true });
    expect(await provider.heldCents()).toBeNull();
    expect(provider.webhookAcknowledgement).toBe("success");
    expect(provider.webhookContentType).toBe("application/x-www-form-urlencoded");
  });
});
