import type { EarningsPage, ReconciliationList } from "@xianzhi/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { serviceDeps } from "../../services.js";
import { countMails, type RegisteredUser, readNewestMail, registerUser } from "../../test-support/accounts.js";
import {
  alipayBillZip,
  alipaySide,
  GatewayStandIn,
  rsaKeys,
  signedNotify,
  type TestKeys,
} from "../../test-support/alipay-gateway.js";
import { postGoods } from "../../test-support/goods.js";
import { registerModerator } from "../../test-support/moderation.js";
import {
  boughtOrder,
  expectLedgerBalanced,
  jobs,
  orderAction,
  orderOf,
  paymentRefOf,
} from "../../test-support/orders.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { type StatementEntry, StatementNotReady } from "../payments/index.js";
import { reconcileDay } from "../reconciliation/index.js";

/**
 * A protected purchase with PAYMENT_PROVIDER=alipay, the product end to end: Alipay's side is a
 * local stand-in of its gateway with key pairs made here, its notify signed by the official SDK.
 * What only Alipay's servers can prove (that money really moves) is said in the README.
 */
const keys: TestKeys = { app: rsaKeys(), alipay: rsaKeys() };
const gateway = new GatewayStandIn(keys);
const TRADE_NO = "2026112822001400000000001";
let t: TestApp;
let seller: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  const gatewayUrl = await gateway.listen();
  const alipay = gateway.configFor(gatewayUrl);
  t = await createTestApp({
    PAYMENT_PROVIDER: "alipay",
    PUBLIC_ORIGIN: "https://xianzhi.example",
    ALIPAY_APP_ID: alipay.appId,
    ALIPAY_PRIVATE_KEY: alipay.privateKey,
    ALIPAY_PUBLIC_KEY: alipay.alipayPublicKey,
    ALIPAY_GATEWAY: gatewayUrl,
  });
  [seller, buyer] = [await registerUser(t.app, t.dataDir), await registerUser(t.app, t.dataDir)];
  gateway.answer = (request) =>
    request.method === "alipay.trade.query"
      ? { code: "10000", msg: "Success", trade_no: TRADE_NO, trade_status: "TRADE_SUCCESS", total_amount: "88.00" }
      : { code: "10000", msg: "Success", trade_no: TRADE_NO };
});
afterAll(async () => {
  await t.close();
  await gateway.close();
});

/** Alipay's asynchronous notify of the payment, signed by the SDK with Alipay's key. */
const notify = (paymentRef: string, totalAmount: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/payments/alipay/webhook",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: signedNotify(alipaySide(keys), {
      notify_id: `notify-${paymentRef}`,
      notify_type: "trade_status_sync",
      notify_time: "2026-11-28 20:00:05",
      trade_no: TRADE_NO,
      out_trade_no: paymentRef,
      trade_status: "TRADE_SUCCESS",
      total_amount: totalAmount,
      gmt_payment: "2026-11-28 20:00:00",
    }),
  });

describe("a protected purchase through Alipay", () => {
  it("pays on Alipay's cashier, is paid by its signed notify, and releases to the seller's Alipay account", async () => {
    const goods = await postGoods(t.app, seller.token, { priceCents: 8_800 });
    const order = await boughtOrder(t.app, buyer.token, goods.id, "meetup");
    expect(order.payUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/gateway\.do\?/);
    const paymentRef = await paymentRefOf(t.app, order.id);

    const forged = await notify(paymentRef, "0.01");
    expect(forged.statusCode).toBe(400);
    const answer = await notify(paymentRef, "88.00");
    expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
    expect(answer.body).toBe("success");
    expect((await orderOf(t.app, buyer.token, order.id)).status).toBe("paid");

    await orderAction(t.app, seller.token, order.id, "ship", {});
    gateway.calls.length = 0;
    expect((await orderAction(t.app, buyer.token, order.id, "confirm")).data.status).toBe("completed");
    // No account to pay the seller to yet: nothing is sent to Alipay, the release stays owed.
    expect(gateway.calls).toEqual([]);
    expect((await call(t.app, "GET", "/api/user/payout-account", { token: seller.token })).data).toEqual({
      alipayAccount: null,
      required: true,
    });
    await expectLedgerBalanced(t.app);

    const earningsOf = async () =>
      (await call<EarningsPage>(t.app, "GET", "/api/user/earnings", { token: seller.token })).data;
    expect((await earningsOf()).list[0]).toMatchObject({
      waitingFor: "payout_account",
      waiting: "请先设置收款账户（支付宝），设置后货款会自动打给你",
    });

    const bad = await call(t.app, "PUT", "/api/user/payout-account", {
      token: seller.token,
      body: { alipayAccount: "不是账号", password: seller.password },
    });
    expect(bad.status).toBe(400);
    // A browser left signed in is not enough: the password is asked for, and nothing changes without it.
    const mailsBefore = await countMails(t.dataDir, seller.email);
    const guessed = await call(t.app, "PUT", "/api/user/payout-account", {
      token: seller.token,
      body: { alipayAccount: "2088000000000009", password: "not-my-pass1" },
    });
    expect(guessed).toMatchObject({ code: 1106, msg: "当前密码错误" });
    expect(await countMails(t.dataDir, seller.email)).toBe(mailsBefore);
    const saved = await call(t.app, "PUT", "/api/user/payout-account", {
      token: seller.token,
      body: { alipayAccount: "2088000000000002", password: seller.password },
    });
    expect(saved.data).toEqual({ alipayAccount: "2088000000000002", required: true });
    const notice = await readNewestMail(t.dataDir, seller.email);
    expect(notice.text).toContain("收款账户已更改为支付宝账户 208*********0002");
    expect(await jobs.settle(t.app)).toEqual({ settled: 1, owed: 0 });
    const settle = gateway.calls.find((request) => request.method === "alipay.trade.order.settle");
    expect(settle?.biz.royalty_parameters).toMatchObject([{ trans_in: "2088000000000002", amount: "88.00" }]);
    expect((await orderOf(t.app, seller.token, order.id)).events.at(-1)?.transition).toBe("released");
    expect((await earningsOf()).list[0]).toMatchObject({
      waitingFor: null,
      waiting: null,
      releasedCents: 8_800,
      heldCents: 0,
    });
    await expectLedgerBalanced(t.app);
  });
});

describe("a day's reconciliation against Alipay's bill", () => {
  const DAY = "2026-11-10";
  afterEach(() => vi.useRealTimers());

  /** A sale on DAY, paid by Alipay's notify: its payment number. */
  async function paidOnDay(sellerOf: RegisteredUser, priceCents: number) {
    const goods = await postGoods(t.app, sellerOf.token, { priceCents });
    const order = await boughtOrder(t.app, buyer.token, goods.id, "meetup");
    const paymentRef = await paymentRefOf(t.app, order.id);
    expect((await notify(paymentRef, (priceCents / 100).toFixed(2))).body).toBe("success");
    return { order, paymentRef };
  }

  it("compares payments and refunds with the ledger, says releases were not compared, and waits for a bill not cut yet", async () => {
    // Noon in Beijing on DAY: every movement of the day falls in it.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse(`${DAY}T04:00:00Z`) });
    const payee = await registerUser(t.app, t.dataDir);
    const payout = await call(t.app, "PUT", "/api/user/payout-account", {
      token: payee.token,
      body: { alipayAccount: "2088000000000003", password: payee.password },
    });
    expect(payout.status).toBe(200);
    const bill = new Map<string, Uint8Array>();
    gateway.answer = (request) => {
      const day = String(request.biz.bill_date);
      if (request.method === "alipay.data.dataservice.bill.downloadurl.query") {
        const zip = bill.get(day);
        return zip
          ? { code: "10000", msg: "Success", bill_download_url: gateway.serve(`${day}.zip`, zip) }
          : { code: "40004", msg: "Business Failed", sub_code: "isp.bill_not_exist", sub_msg: "账单不存在" };
      }
      if (request.method === "alipay.trade.refund") return { code: "10000", msg: "Success", fund_change: "Y" };
      return {
        code: "10000",
        msg: "Success",
        trade_no: TRADE_NO,
        trade_status: "TRADE_SUCCESS",
        total_amount: "20.00",
      };
    };

    const refunded = await paidOnDay(payee, 1_200);
    await orderAction(t.app, payee.token, refunded.order.id, "refund");
    const released = await paidOnDay(payee, 2_000);
    await orderAction(t.app, payee.token, released.order.id, "ship", {});
    await orderAction(t.app, buyer.token, released.order.id, "confirm");
    expect(await jobs.settle(t.app)).toMatchObject({ owed: 0 });
    await expectLedgerBalanced(t.app);

    // The morning after, before Alipay has cut the bill: nothing is compared or stored.
    await expect(reconcileDay(serviceDeps(t.app), DAY)).rejects.toBeInstanceOf(StatementNotReady);
    const moderator = await registerModerator(t.app, t.dataDir);
    const listed = async () =>
      (await call<ReconciliationList>(t.app, "GET", "/api/admin/reconciliations", { token: moderator.token })).data;
    expect((await listed()).find((entry) => entry.day === DAY)).toBeUndefined();
    // A day without trades has no bill at Alipay either, and nothing to compare.
    expect(await reconcileDay(serviceDeps(t.app), "2026-11-09")).toMatchObject({ outcome: "done", matched: 0 });

    const at = new Date().toISOString();
    const line = (kind: StatementEntry["kind"], paymentRef: string, amountCents: number): StatementEntry => ({
      kind,
      paymentRef,
      providerRef: `${kind}-${paymentRef}`,
      amountCents,
      at,
    });
    bill.set(
      DAY,
      alipayBillZip(DAY, [
        line("pay", refunded.paymentRef, 1_200),
        line("refund", refunded.paymentRef, 1_200),
        line("pay", released.paymentRef, 2_000),
      ]),
    );
    const matched = await reconcileDay(serviceDeps(t.app), DAY);
    // The release to the seller is in the ledger and in no line of the trade bill: not a mismatch, said so.
    expect(matched).toMatchObject({ outcome: "done", matched: 3, mismatches: [], uncheckedKinds: ["release"] });

    bill.set(
      DAY,
      alipayBillZip(DAY, [line("pay", refunded.paymentRef, 1_200), line("pay", released.paymentRef, 1_900)]),
    );
    const differing = await reconcileDay(serviceDeps(t.app), DAY);
    expect(differing.mismatches).toEqual([
      {
        kind: "pay",
        paymentRef: released.paymentRef,
        problem: "amount_differs",
        ledgerCents: 2_000,
        providerCents: 1_900,
      },
      {
        kind: "refund",
        paymentRef: refunded.paymentRef,
        problem: "missing_at_provider",
        ledgerCents: 1_200,
        providerCents: null,
      },
    ]);
    expect((await listed()).find((entry) => entry.day === DAY)).toMatchObject({
      provider: "alipay",
      matched: 1,
      mismatched: 2,
      uncheckedKinds: ["release"],
    });
  });
});
