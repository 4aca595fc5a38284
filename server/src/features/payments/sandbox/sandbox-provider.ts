import { randomBytes } from "node:crypto";
import type { SandboxPayment } from "@xianzhi/contract";
import type { Db, DbOrTx } from "../../../db/database.js";
import { appError } from "../../../errors.js";
import {
  type CreatePaymentInput,
  type MoneyMove,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentState,
  type PaymentStatus,
  type ReleaseInput,
  type WebhookRequest,
} from "../payment-provider.js";
import { beijingDayWindow, MOVEMENT_KINDS, readBill, type StatementEntry, writeBill } from "../statement.js";
import { deliverDueWebhooks, type SendWebhook } from "./sandbox-delivery.js";
import { queuedEvents, type SandboxPayMode } from "./sandbox-events.js";
import * as repo from "./sandbox-repository.js";
import { verifySandboxWebhook } from "./sandbox-signature.js";

export interface SandboxProviderDeps {
  db: Db;
  /** The key its webhooks are signed with (SANDBOX_WEBHOOK_SECRET). */
  secret: string;
  /** Posts a webhook to the product's endpoint; answers the HTTP status. */
  send: SendWebhook;
  /** How long a webhook being sent is left to its sender before another takes it over. */
  leaseSeconds?: number;
  /**
   * How soon after the buyer pays the webhooks go out, so the order shows paid within a second or
   * two; null leaves them to `deliverDueWebhooks` alone (tests that deliver by hand).
   */
  deliverAfterMs?: number | null;
  /** Where a delivery that failed as a whole (the database gone) is reported. */
  onDeliveryError?: (error: unknown) => void;
}

/** A minute: a send that took longer than this has died. */
const DEFAULT_LEASE_SECONDS = 60;

/** What the buyer is refused on the pay page, by the payment's state. */
const NOT_PAYABLE: Record<Exclude<PaymentState, "pending">, string> = {
  succeeded: "这笔支付已经完成，无需重复支付",
  failed: "这笔支付未成功，请回到订单重新付款",
  closed: "这笔支付已关闭，不能再支付",
};

/**
 * The default payment provider: behaves as a real one does, without the network. It keeps its
 * own books (sandbox_* tables) through the root database handle, never inside the product's
 * transactions, as a provider's books are outside the product; confirms payments by signed
 * webhooks sent asynchronously and retried; and plays the failures a test picks when paying.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = "sandbox";
  readonly capabilities = { holdsFunds: true, partialRefund: true, split: true };
  readonly webhookContentType = "application/json";
  readonly webhookAcknowledgement = null;
  readonly statementKinds = MOVEMENT_KINDS;
  readonly #deps: SandboxProviderDeps;
  #deliveryTimer: NodeJS.Timeout | undefined;

  constructor(deps: SandboxProviderDeps) {
    this.#deps = deps;
  }

  async createPayment(input: CreatePaymentInput): Promise<{ payUrl: string }> {
    positiveCents(input.amountCents);
    await repo.insertPaymentOnce(this.#deps.db, {
      // The pay page's address is all a buyer needs to pay: unguessable, as a provider's cashier link.
      id: randomBytes(18).toString("base64url"),
      merchantRef: input.paymentRef,
      subject: input.subject,
      amountCents: input.amountCents,
      status: "pending",
      mode: "normal",
      returnUrl: input.returnUrl,
      createdAt: new Date().toISOString(),
    });
    const payment = await this.#byRef(input.paymentRef);
    if (payment.amountCents !== input.amountCents) {
      throw new PaymentProviderError(`payment ${input.paymentRef} exists with another amount`);
    }
    // A declined attempt leaves the payment open to another, as a real cashier's trade stays
    // waiting for the buyer after a card is refused: asking again reopens it.
    if (payment.status === "failed") {
      await this.#deps.db
        .updateTable("sandboxPayments")
        .set({ status: "pending", mode: "normal" })
        .where("id", "=", payment.id)
        .where("status", "=", "failed")
        .execute();
    }
    return { payUrl: `/sandbox-pay/${payment.id}` };
  }

  /** The pay page's payment. */
  async payment(paymentId: string): Promise<SandboxPayment> {
    const row = await repo.paymentById(this.#deps.db, paymentId);
    if (!row) throw appError("PAYMENT_NOT_FOUND");
    return toSandboxPayment(row);
  }

  /** The buyer pays on the pay page, the way `mode` says the provider then behaves. */
  async pay(paymentId: string, mode: SandboxPayMode = "normal"): Promise<SandboxPayment> {
    if (mode === "declined") return this.#decline(paymentId, mode);
    const now = new Date().toISOString();
    await this.#endPending(paymentId, (tx, row) =>
      repo.endPending(tx, { id: paymentId }, { status: "succeeded", heldCents: row.amountCents, paidAt: now, mode }),
    );
    return this.payment(paymentId);
  }

  /** The buyer presses 支付失败 on the pay page. */
  fail(paymentId: string): Promise<SandboxPayment> {
    return this.#decline(paymentId, "declined");
  }

  async #decline(paymentId: string, mode: SandboxPayMode): Promise<SandboxPayment> {
    await this.#endPending(paymentId, (tx) => repo.endPending(tx, { id: paymentId }, { status: "failed", mode }));
    return this.payment(paymentId);
  }

  /** Ends a pending payment and queues its webhooks in one transaction, then sends them soon. */
  async #endPending(paymentId: string, end: (tx: DbOrTx, row: repo.SandboxPaymentRow) => Promise<boolean>) {
    await this.#deps.db.transaction().execute(async (tx) => {
      const row = await repo.paymentById(tx, paymentId);
      if (!row) throw appError("PAYMENT_NOT_FOUND");
      if (!(await end(tx, row))) {
        throw appError("ORDER_WRONG_STATE", NOT_PAYABLE[row.status as Exclude<PaymentState, "pending">]);
      }
      const ended = await repo.paymentById(tx, paymentId);
      if (ended) await repo.insertWebhooks(tx, queuedEvents(ended, new Date()));
    });
    this.#deliverSoon();
  }

  async paymentStatus(paymentRef: string): Promise<PaymentStatus> {
    const row = await this.#byRef(paymentRef);
    const state = row.status as PaymentState;
    return { state, amountCents: state === "succeeded" ? row.amountCents : null };
  }

  /**
   * Closes the payment if it is still pending. One already paid is not undone: its webhook (or
   * its status) tells the product, which refunds a payment that came after its order closed.
   */
  async cancelPayment(paymentRef: string): Promise<void> {
    await repo.endPending(this.#deps.db, { merchantRef: paymentRef }, { status: "closed" });
  }

  async refund(move: MoneyMove): Promise<void> {
    positiveCents(move.amountCents);
    if (await this.#done(move)) return;
    if (await repo.takeRefundFailure(this.#deps.db, move.paymentRef)) {
      throw new PaymentProviderError("sandbox: the refund failed once, as its mode asks");
    }
    await this.#move(move, "refund");
  }

  async release(move: ReleaseInput): Promise<void> {
    positiveCents(move.amountCents);
    if (!Number.isInteger(move.feeCents) || move.feeCents < 0 || move.feeCents > move.amountCents) {
      throw new PaymentProviderError(`fee of ${move.feeCents} fen is not part of ${move.amountCents}`);
    }
    await this.#move(move, "release");
  }

  /** Whether a move with this key was made already: the same key again does nothing. */
  async #done(move: MoneyMove): Promise<boolean> {
    const found = await this.#deps.db
      .selectFrom("sandboxOperations")
      .select("key")
      .where("key", "=", move.idempotencyKey)
      .executeTakeFirst();
    return found !== undefined;
  }

  /**
   * Records the key and moves the money in one transaction: the key is taken only with the move,
   * and a call with a taken key succeeds without moving anything.
   */
  async #move(move: MoneyMove, kind: "refund" | "release"): Promise<void> {
    const payment = await this.#byRef(move.paymentRef);
    await this.#deps.db.transaction().execute(async (tx) => {
      const createdAt = new Date().toISOString();
      const operation = { key: move.idempotencyKey, paymentId: payment.id, kind, amountCents: move.amountCents };
      if (!(await repo.insertOperationOnce(tx, { ...operation, createdAt }))) return;
      if (!(await repo.moveHeld(tx, payment.id, kind, move.amountCents))) {
        throw new PaymentProviderError(
          `sandbox: payment ${move.paymentRef} does not hold ${move.amountCents} fen to ${kind}`,
        );
      }
    });
  }

  verifyWebhook(request: WebhookRequest, now: Date): PaymentEvent {
    return verifySandboxWebhook(this.#deps.secret, request, now);
  }

  heldCents(): Promise<number> {
    return repo.sumHeld(this.#deps.db);
  }

  /**
   * Its bill of a Beijing day, from its own books, in the layout of Alipay's 业务明细 bill: what a
   * real provider's download gives, so reconciliation reads both alike.
   */
  async bill(day: string): Promise<string> {
    const { from, to } = beijingDayWindow(day);
    const { payments, operations } = await repo.movementsBetween(this.#deps.db, from, to);
    const entries: StatementEntry[] = [
      ...payments.map((payment) => ({
        kind: "pay" as const,
        paymentRef: payment.merchantRef,
        providerRef: payment.id,
        amountCents: payment.amountCents,
        at: payment.paidAt as string,
      })),
      ...operations.map((operation) => ({
        kind: operation.kind as "refund" | "release",
        paymentRef: operation.merchantRef,
        providerRef: operation.key,
        amountCents: operation.amountCents,
        at: operation.createdAt,
      })),
    ];
    entries.sort((a, b) => a.at.localeCompare(b.at));
    return writeBill(day, "xianzhi-sandbox", entries);
  }

  async statement(day: string): Promise<StatementEntry[]> {
    return readBill(await this.bill(day));
  }

  /** Sends every due webhook: the periodic job calls it, and the provider itself after a payment. */
  deliverDueWebhooks(now = new Date()): Promise<number> {
    return deliverDueWebhooks({ ...this.#deps, leaseSeconds: this.#deps.leaseSeconds ?? DEFAULT_LEASE_SECONDS }, now);
  }

  /** Stops a delivery about to start (the app is closing). */
  close(): void {
    clearTimeout(this.#deliveryTimer);
    this.#deliveryTimer = undefined;
  }

  #deliverSoon(): void {
    const delay = this.#deps.deliverAfterMs === undefined ? 50 : this.#deps.deliverAfterMs;
    if (delay === null || this.#deliveryTimer) return;
    this.#deliveryTimer = setTimeout(() => {
      this.#deliveryTimer = undefined;
      this.deliverDueWebhooks().catch((error) => this.#deps.onDeliveryError?.(error));
    }, delay);
    // A delivery owed never keeps the process alive: the periodic job sends it after a restart.
    this.#deliveryTimer.unref();
  }

  async #byRef(paymentRef: string): Promise<repo.SandboxPaymentRow> {
    const row = await repo.paymentByRef(this.#deps.db, paymentRef);
    if (!row) throw new PaymentProviderError(`sandbox: no payment ${paymentRef}`);
    return row;
  }
}

function positiveCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new PaymentProviderError(`amount must be a positive number of fen, not ${amountCents}`);
  }
}

function toSandboxPayment(row: repo.SandboxPaymentRow): SandboxPayment {
  return {
    id: row.id,
    subject: row.subject,
    amountCents: row.amountCents,
    status: row.status as SandboxPayment["status"],
    returnUrl: row.returnUrl,
  };
}
