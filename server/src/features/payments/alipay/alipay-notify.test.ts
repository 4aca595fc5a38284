import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../config.js";
import { APP_ID, alipaySide, rsaKeys, signedNotify, type TestKeys } from "../../../test-support/alipay-gateway.js";
import { WebhookRejected } from "../payment-provider.js";
import { AlipayProvider } from "./alipay-provider.js";
import { centsOfYuan, yuanOf } from "./alipay-values.js";

const keys: TestKeys = { app: rsaKeys(), alipay: rsaKeys() };
const provider = new AlipayProvider({
  alipay: { appId: APP_ID, privateKey: keys.app.privateKey, alipayPublicKey: keys.alipay.publicKey, gateway: null },
  publicOrigin: "https://xianzhi.example",
  paymentMinutes: 30,
});
const side = alipaySide(keys);
const now = new Date();

/** A paid trade's notify, as Alipay's documents list its fields. */
const paidFields = (overrides: Record<string, string> = {}) => ({
  notify_id: "2024050100222120000012345678",
  notify_type: "trade_status_sync",
  notify_time: "2024-05-01 12:00:05",
  trade_no: "2024050122001400000000001",
  out_trade_no: "X20240501ABC",
  trade_status: "TRADE_SUCCESS",
  total_amount: "12.30",
  gmt_create: "2024-05-01 11:59:30",
  gmt_payment: "2024-05-01 12:00:00",
  subject: "5% off + 包邮 二手相机",
  seller_id: "2088000000000001",
  ...overrides,
});

const verified = (rawBody: string) => provider.verifyWebhook({ headers: {}, rawBody }, now);
const refused = (rawBody: string) => expect(() => verified(rawBody)).toThrow(WebhookRejected);

describe("Alipay's asynchronous notify", () => {
  it("signed by Alipay is read as the payment's event, its amount in exact fen and its time from Beijing's", () => {
    expect(verified(signedNotify(side, paidFields()))).toEqual({
      eventId: "2024050100222120000012345678",
      type: "payment.succeeded",
      paymentRef: "X20240501ABC",
      amountCents: 1230,
      occurredAt: "2024-05-01T04:00:00.000Z",
    });
    expect(verified(signedNotify(side, paidFields({ trade_status: "TRADE_FINISHED" }))).type).toBe("payment.succeeded");
  });

  it("of a closed trade is a failed payment, at its closing time", () => {
    const closed = paidFields({ trade_status: "TRADE_CLOSED", gmt_close: "2024-05-01 12:30:00" });
    delete (closed as Partial<typeof closed>).gmt_payment;
    expect(verified(signedNotify(side, closed))).toMatchObject({
      type: "payment.failed",
      occurredAt: "2024-05-01T04:30:00.000Z",
    });
  });

  it("is refused when a field was changed after signing", () => {
    const body = signedNotify(side, paidFields());
    refused(body.replace("total_amount=12.30", "total_amount=0.01"));
    refused(body.replace("out_trade_no=X20240501ABC", "out_trade_no=X20240501ABD"));
    refused(`${body}&extra=1`);
    refused(body.replace(/&sign=[^&]*/, ""));
  });

  it("is refused when signed by another key than Alipay's", () => {
    const impostor = alipaySide({ app: keys.app, alipay: rsaKeys() });
    refused(signedNotify(impostor, paidFields()));
  });

  it("is refused when it is for another app", () => {
    refused(signedNotify(alipaySide(keys, "2021000000000999"), paidFields()));
  });

  it("is refused when signed but not an event Xianzhi takes, or malformed", () => {
    refused(signedNotify(side, paidFields({ trade_status: "WAIT_BUYER_PAY" })));
    for (const total_amount of ["12.345", "-1.00", "1e3", "", "12,30"]) {
      refused(signedNotify(side, paidFields({ total_amount })));
    }
    refused(signedNotify(side, paidFields({ gmt_payment: "2024/05/01 12:00:00" })));
    refused(signedNotify(side, paidFields({ notify_id: "" })));
    refused("");
    refused("not a form");
    const body = signedNotify(side, paidFields());
    refused(`${body}&notify_id=again`);
  });
});

describe("amounts in yuan", () => {
  it("convert to and from fen exactly", () => {
    expect(["0.01", "0.1", "12.30", "12.3", "12", "19.99", "100000000.00"].map(centsOfYuan)).toEqual([
      1, 10, 1230, 1230, 1200, 1999, 10_000_000_000,
    ]);
    expect([1, 10, 1230, 1999, 100, 0].map(yuanOf)).toEqual(["0.01", "0.10", "12.30", "19.99", "1.00", "0.00"]);
    for (const bad of ["", ".5", "01.00", "1.234", "1.", "-1", " 1", "1 "]) expect(centsOfYuan(bad)).toBeNull();
  });
});

describe("the provider's keys", () => {
  const config = (privateKey: string, alipayPublicKey = keys.alipay.publicKey) => ({
    alipay: { appId: APP_ID, privateKey, alipayPublicKey, gateway: null },
    publicOrigin: "https://xianzhi.example",
    paymentMinutes: 30,
  });
  const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");

  it("are taken as PKCS#1 or PKCS#8, PEM or bare base64, as Alipay's key tool gives them", () => {
    const pkcs8 = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    }).privateKey;
    for (const privateKey of [keys.app.privateKey, bare(keys.app.privateKey), pkcs8, bare(pkcs8)]) {
      expect(() => new AlipayProvider(config(privateKey, bare(keys.alipay.publicKey)))).not.toThrow();
    }
  });

  it("stop the start when they are not RSA keys", () => {
    expect(() => new AlipayProvider(config("not a key"))).toThrow(ConfigError);
    expect(() => new AlipayProvider(config(keys.app.privateKey, "not a key"))).toThrow(ConfigError);
  });
});
