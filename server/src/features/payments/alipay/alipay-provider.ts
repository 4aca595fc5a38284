import type { AlipayConfig } from "../../../config.js";
import {
  type CreatePaymentInput,
  type MoneyMove,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentStatus,
  type ReleaseInput,
  StatementNotReady,
  type WebhookRequest,
} from "../payment-provider.js";
import { readBill, type StatementEntry } from "../statement.js";
import { downloadBill } from "./alipay-bill.js";
import { alipaySdkOf } from "./alipay-client.js";
import { verifyAlipayNotify } from "./alipay-notify.js";
import type { AlipaySdk, AlipaySdkResult } from "./alipay-sdk.js";
import { beijingTimeOf, centsOfYuan, outRequestNoOf, subjectOf, yuanOf } from "./alipay-values.js";

export interface AlipayProviderOptions {
  alipay: AlipayConfig;
  /** The site's address: Alipay posts its notifies to `${publicOrigin}/api/payments/alipay/webhook`. */
  publicOrigin: string;
  /** How long an order waits for payment (ORDER_PAYMENT_MINUTES): the pay page expires with it. */
  paymentMinutes: number;
}

/**
 * A release also says whom Alipay pays: the seller's Alipay account, a 2088… user id or their
 * login name (phone or e-mail). Proposed as an optional member of ReleaseInput; until the product
 * records sellers' Alipay accounts, a release without it is refused and stays owed.
 */
export type AlipayReleaseInput = ReleaseInput & { payeeAccount?: string };

/**
 * A payment may also say when the order stops waiting for it (its timer's due time, ISO-8601):
 * the page then expires exactly then, and every URL built for it is the same trade. Proposed as
 * an optional member of CreatePaymentInput; without it the page expires ORDER_PAYMENT_MINUTES
 * after it is built.
 */
export type AlipayPaymentInput = CreatePaymentInput & { expiresAt?: string };

const SUCCESS = "10000";
/** The bill downloadurl query's answer for a day Alipay has no bill of. */
const BILL_NOT_EXIST = "isp.bill_not_exist";

/** What Alipay's trade states are to Xianzhi (alipay.trade.query). */
const STATES: Record<string, PaymentStatus["state"]> = {
  WAIT_BUYER_PAY: "pending",
  TRADE_SUCCESS: "succeeded",
  TRADE_FINISHED: "succeeded",
  TRADE_CLOSED: "closed",
};

/**
 * Alipay through its official SDK (alipay-sdk v4, OpenAPI 2.0 gateway, RSA2).
 *
 * How the money is held: 交易分账 with 分账冻结. The pay page's trade carries
 * `extend_params.royalty_freeze = "true"`, so once paid the money is frozen (in the merchant
 * account's unavailable balance, 不可用余额: Xianzhi can neither spend nor withdraw it) until
 * Xianzhi settles it; Alipay unfreezes it by itself after 30 days,
 * longer than any order's timers. Release is `alipay.trade.order.settle`: a royalty (分账) of the
 * seller's share to the seller's Alipay account, with `extend_params.royalty_finish = "true"`,
 * which ends the trade's settlement and unfreezes the rest (the buyer-protection fee) to Xianzhi.
 * Refund is `alipay.trade.refund` of the frozen money. Each move's out_request_no is its
 * idempotency key, which Alipay answers a repeat of with the first result.
 */
export class AlipayProvider implements PaymentProvider {
  readonly name = "alipay";
  readonly capabilities = { holdsFunds: true, partialRefund: true, split: true };
  readonly webhookContentType = "application/x-www-form-urlencoded";
  readonly webhookAcknowledgement = "success";
  /** The trade bill lists payments (交易) and refunds (退款); releases (分账) are in none of its lines. */
  readonly statementKinds = ["pay", "refund"] as const;
  readonly #sdk: AlipaySdk;
  readonly #options: AlipayProviderOptions;

  constructor(options: AlipayProviderOptions) {
    this.#options = options;
    this.#sdk = alipaySdkOf(options.alipay);
  }

  /**
   * The URL of Alipay's cashier (电脑网站支付 alipay.trade.page.pay, or 手机网站支付
   * alipay.trade.wap.pay on a phone), signed, built locally without a call. It expires with the
   * order's time to pay (time_expire), so a page opened after the order closed cannot be paid.
   * Without `expiresAt`, build it once per payment and keep it: a second URL for the same
   * out_trade_no would carry another time_expire.
   */
  async createPayment(input: AlipayPaymentInput): Promise<{ payUrl: string }> {
    const expiresAt = input.expiresAt
      ? new Date(input.expiresAt)
      : new Date(Date.now() + this.#options.paymentMinutes * 60_000);
    if (Number.isNaN(expiresAt.getTime())) throw new PaymentProviderError(`bad expiresAt ${input.expiresAt}`);
    const bizContent = {
      out_trade_no: input.paymentRef,
      total_amount: yuanOf(positive(input.amountCents)),
      subject: subjectOf(input.subject),
      product_code: input.onPhone ? "QUICK_WAP_WAY" : "FAST_INSTANT_TRADE_PAY",
      time_expire: beijingTimeOf(expiresAt),
      extend_params: { royalty_freeze: "true" },
      ...(input.onPhone && { quit_url: input.returnUrl }),
    };
    const payUrl = this.#sdk.pageExecute(input.onPhone ? "alipay.trade.wap.pay" : "alipay.trade.page.pay", "GET", {
      bizContent,
      notifyUrl: `${this.#options.publicOrigin}/api/payments/alipay/webhook`,
      returnUrl: input.returnUrl,
    });
    return { payUrl };
  }

  /** alipay.trade.query; a trade Alipay does not know yet (the buyer never opened the page) is pending. */
  async paymentStatus(paymentRef: string): Promise<PaymentStatus> {
    const trade = await this.#call("alipay.trade.query", { out_trade_no: paymentRef }, ["ACQ.TRADE_NOT_EXIST"]);
    if (trade.sub_code === "ACQ.TRADE_NOT_EXIST") return { state: "pending", amountCents: null };
    const state = STATES[String(trade.trade_status)];
    if (!state) throw new PaymentProviderError(`alipay: unknown trade status ${trade.trade_status}`);
    if (state !== "succeeded") return { state, amountCents: null };
    const amountCents = centsOfYuan(String(trade.total_amount));
    if (amountCents === null) throw new PaymentProviderError(`alipay: bad total_amount ${trade.total_amount}`);
    return { state, amountCents };
  }

  /**
   * alipay.trade.close. A trade Alipay does not know (never opened: its page expires with the
   * order) or one no longer open (paid meanwhile: its notify or the status tells the product)
   * leaves nothing to close.
   */
  async cancelPayment(paymentRef: string): Promise<void> {
    await this.#call("alipay.trade.close", { out_trade_no: paymentRef }, [
      "ACQ.TRADE_NOT_EXIST",
      "ACQ.TRADE_STATUS_ERROR",
    ]);
  }

  /**
   * alipay.trade.refund. Alipay documents that only fund_change "Y" proves the money moved; "N"
   * (a repeat of a request already done, or one still in progress) is checked with
   * alipay.trade.fastpay.refund.query before it counts.
   */
  async refund(move: MoneyMove): Promise<void> {
    const outRequestNo = outRequestNoOf(move.idempotencyKey);
    const refund = await this.#call("alipay.trade.refund", {
      out_trade_no: move.paymentRef,
      refund_amount: yuanOf(positive(move.amountCents)),
      out_request_no: outRequestNo,
      refund_reason: "闲置订单退款",
    });
    if (refund.fund_change === "Y") return;
    const query = await this.#call("alipay.trade.fastpay.refund.query", {
      out_trade_no: move.paymentRef,
      out_request_no: outRequestNo,
    });
    if (query.refund_status !== "REFUND_SUCCESS") {
      throw new PaymentProviderError(
        `alipay: refund ${outRequestNo} not done yet (${query.refund_status ?? "unknown"})`,
      );
    }
  }

  /**
   * alipay.trade.order.settle, which takes Alipay's trade_no (found by alipay.trade.query): the
   * seller's share (the move less the fee) as a royalty to the seller's Alipay account, and
   * royalty_finish to unfreeze the rest to Xianzhi.
   */
  async release(move: AlipayReleaseInput): Promise<void> {
    const sellerCents = positive(move.amountCents) - move.feeCents;
    if (!Number.isSafeInteger(move.feeCents) || move.feeCents < 0 || sellerCents < 0) {
      throw new PaymentProviderError(`fee of ${move.feeCents} fen is not part of ${move.amountCents}`);
    }
    if (!move.payeeAccount) throw new PaymentProviderError("alipay: the seller has no Alipay account to be paid to");
    const trade = await this.#call("alipay.trade.query", { out_trade_no: move.paymentRef });
    const royalty = {
      royalty_type: "transfer",
      trans_in_type: /^2088\d{12}$/.test(move.payeeAccount) ? "userId" : "loginName",
      trans_in: move.payeeAccount,
      amount: yuanOf(sellerCents),
      desc: "闲置订单货款",
    };
    await this.#call("alipay.trade.order.settle", {
      out_request_no: outRequestNoOf(move.idempotencyKey),
      trade_no: trade.trade_no,
      ...(sellerCents > 0 && { royalty_parameters: [royalty] }),
      extend_params: { royalty_finish: "true" },
    });
  }

  verifyWebhook(request: WebhookRequest, _now: Date): PaymentEvent {
    return verifyAlipayNotify(this.#sdk, this.#options.alipay.appId, request);
  }

  /** Alipay offers no query of what it holds for a merchant: the ledger check compares with the orders only. */
  async heldCents(): Promise<null> {
    return null;
  }

  /**
   * The day's 业务明细 bill (bill_type trade): alipay.data.dataservice.bill.downloadurl.query
   * answers a short-lived URL of its zip. Alipay cuts a day's bill the next morning and makes none
   * of a day without trades; both answer bill_not_exist, so reconciliation tries again later.
   */
  async statement(day: string): Promise<StatementEntry[]> {
    const answer = await this.#call(
      "alipay.data.dataservice.bill.downloadurl.query",
      { bill_type: "trade", bill_date: day },
      [BILL_NOT_EXIST],
    );
    if (answer.sub_code === BILL_NOT_EXIST) throw new StatementNotReady(`alipay: no trade bill of ${day} (yet)`);
    if (typeof answer.bill_download_url !== "string") {
      throw new PaymentProviderError(`alipay: the bill of ${day} came without its download URL`);
    }
    return readBill(await downloadBill(answer.bill_download_url));
  }

  /**
   * One gateway call, its answer's signature verified by the SDK (validateSign). Alipay's
   * business refusals (code other than 10000) and an unreachable gateway both mean the money did
   * not move; `tolerated` sub_codes are answers, not failures.
   */
  async #call(
    method: string,
    bizContent: Record<string, unknown>,
    tolerated: readonly string[] = [],
  ): Promise<AlipaySdkResult> {
    let result: AlipaySdkResult;
    try {
      result = await this.#sdk.exec(method, { bizContent }, { validateSign: true });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PaymentProviderError(`alipay: ${method} failed: ${reason}`, { cause: error });
    }
    if (result.code === SUCCESS || (result.sub_code && tolerated.includes(result.sub_code))) return result;
    throw new PaymentProviderError(
      `alipay: ${method} refused: ${result.sub_code ?? result.code} ${result.sub_msg ?? result.msg}`,
    );
  }
}

function positive(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new PaymentProviderError(`amount must be a positive number of fen, not ${amountCents}`);
  }
  return amountCents;
}
