import type { MovementKind, StatementEntry } from "./statement.js";

/**
 * What Xianzhi asks of a payment provider. Xianzhi never holds buyers' money itself (二清): the
 * provider holds it from the buyer's payment until Xianzhi tells it to release it to the seller or
 * refund it to the buyer. Every call that moves money carries an idempotency key: the same key
 * twice moves it once, so a call retried after a crash or a timeout is safe. Amounts are in fen.
 */

/** What a provider can do, so the product offers only what it supports. */
export interface PaymentCapabilities {
  /** It keeps the payment until told to release it (担保交易 / 分账冻结). */
  holdsFunds: boolean;
  /** It refunds part of a payment. */
  partialRefund: boolean;
  /** It splits a payment between the seller and the platform's fee. */
  split: boolean;
}

export interface CreatePaymentInput {
  /** Xianzhi's number for the payment (Alipay's out_trade_no): unique, and the key of every later call. */
  paymentRef: string;
  amountCents: number;
  /** What the buyer sees they pay for: the goods' title. */
  subject: string;
  /** The page the provider sends the buyer back to, absolute. */
  returnUrl: string;
  /** A phone's browser gets the provider's phone page (Alipay's wap pay). */
  onPhone: boolean;
  /** When the order stops waiting for payment: the provider's page should take no payment after it. */
  expiresAt?: string;
}

export type PaymentState = "pending" | "succeeded" | "failed" | "closed";

export interface PaymentStatus {
  state: PaymentState;
  /** What the provider says was paid; null before. */
  amountCents: number | null;
}

/** A move of held money: refund to the buyer, or release to the seller. */
export interface MoneyMove {
  paymentRef: string;
  amountCents: number;
  /** The same key moves the money once, however often the call is made. */
  idempotencyKey: string;
}

export interface ReleaseInput extends MoneyMove {
  /** The platform's fee, kept out of what the seller gets (0 for none). */
  feeCents: number;
  /**
   * Where the seller is paid, when the provider pays sellers to an account of theirs (Alipay: a
   * 2088… user id or a login name); the sandbox needs none.
   */
  payeeAccount?: string;
}

/** A webhook the provider sent, once its signature and timestamp are verified. */
export interface PaymentEvent {
  /** The provider's id of the event: the same event sent twice has the same id. */
  eventId: string;
  type: "payment.succeeded" | "payment.failed";
  paymentRef: string;
  /** What the provider says was paid, in fen; compared with the order's amount. */
  amountCents: number;
  /** When it happened at the provider: an older event arriving later does not undo a newer one. */
  occurredAt: string;
}

/** A webhook as it arrived: its headers and its body exactly as sent, for the signature. */
export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** The provider refused a call, or could not be reached: the money did not move. */
export class PaymentProviderError extends Error {}

/**
 * The provider has no bill of that day yet (Alipay cuts a day's bills the next morning) or none at
 * all (Alipay makes none of a day without trades): nothing can be compared with it now.
 */
export class StatementNotReady extends Error {}

/** A webhook whose signature, timestamp or form is wrong: nothing it says is believed. */
export class WebhookRejected extends Error {}

export interface PaymentProvider {
  readonly name: "sandbox" | "alipay";
  readonly capabilities: PaymentCapabilities;
  /** The content type of the webhooks it sends, read as raw text to check the signature. */
  readonly webhookContentType: string;
  /**
   * What the webhook endpoint answers when it took an event (Alipay wants the text `success`);
   * null: the product's usual envelope.
   */
  readonly webhookAcknowledgement: string | null;
  /** Starts a payment of the buyer's; answers the page they pay on. Idempotent by paymentRef. */
  createPayment(input: CreatePaymentInput): Promise<{ payUrl: string }>;
  /** The payment as the provider knows it: how the product finds a payment whose webhook never came. */
  paymentStatus(paymentRef: string): Promise<PaymentStatus>;
  /** Closes an unpaid payment, so it can no longer be paid. */
  cancelPayment(paymentRef: string): Promise<void>;
  /** Returns held money to the buyer. Throws PaymentProviderError when it did not. */
  refund(move: MoneyMove): Promise<void>;
  /** Pays held money out to the seller (less the fee). Throws PaymentProviderError when it did not. */
  release(move: ReleaseInput): Promise<void>;
  /** Verifies a webhook and reads it; throws WebhookRejected for anything not provably the provider's. */
  verifyWebhook(request: WebhookRequest, now: Date): PaymentEvent;
  /**
   * What the provider itself says it holds for Xianzhi, in fen, for `npm run ledger:check`; null
   * when the provider offers no such query (then the check compares the ledger with the orders only).
   */
  heldCents(): Promise<number | null>;
  /**
   * The kinds of movement its statement lists: reconciliation compares only these, and says which
   * it could not (Alipay's trade bill has payments and refunds, not the 分账 that releases).
   */
  readonly statementKinds: readonly MovementKind[];
  /**
   * Its statement of a Beijing day (YYYY-MM-DD): every movement of `statementKinds` it made for
   * Xianzhi, read from its bill, for reconciliation; null where this adapter fetches none. Throws
   * StatementNotReady when the provider has no bill of the day (yet).
   */
  statement(day: string): Promise<StatementEntry[] | null>;
}
