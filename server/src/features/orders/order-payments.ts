import { formatPrice } from "@xianzhi/contract";
import { uniqueViolation } from "../../db/errors.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Delivery } from "../../plugins/realtime.js";
import type { Deps } from "../../services.js";
import { accounts, checkLedger, type LedgerEntry, post } from "../ledger/index.js";
import type { PaymentEvent } from "../payments/index.js";
import { moveInTransaction, orderDeliveries } from "./order-moves.js";
import type { OrderRow } from "./order-repository.js";
import * as repo from "./order-repository.js";
import { payoutAccountOf } from "./payout-account.js";

type PaymentDeps = Deps<"db" | "outbox" | "config" | "payments" | "log">;

/** The page the buyer comes back to from the provider's. */
const returnUrlOf = (deps: Deps<"config">, orderId: number) => `${deps.config.publicOrigin ?? ""}/orders/${orderId}`;

/**
 * Asks the provider for the page the buyer pays on (idempotent at the provider by the payment's
 * number) and keeps it with the order. A provider that cannot be reached leaves the order without
 * one: the buyer asks again from the order's page (POST /orders/{id}/pay), which then says so.
 */
export async function requestPayment(
  deps: Deps<"db" | "config" | "payments" | "log">,
  row: OrderRow,
  onPhone: boolean,
  mustSucceed = false,
): Promise<void> {
  if (row.payUrl && !mustSucceed) return;
  try {
    const { payUrl } = await deps.payments.createPayment({
      paymentRef: row.paymentRef,
      amountCents: row.totalCents,
      subject: row.goodsTitle,
      returnUrl: returnUrlOf(deps, row.id),
      onPhone,
      expiresAt: row.dueAt ?? undefined,
    });
    await deps.db
      .updateTable("orders")
      .set({ payUrl })
      .where("id", "=", row.id)
      .where("status", "=", "awaiting_payment")
      .execute();
  } catch (error) {
    deps.log.warn({ err: error, orderId: row.id }, "the payment provider did not start a payment");
    if (mustSucceed) throw appError("PAYMENT_UNAVAILABLE");
  }
}

/** The provider's word that the buyer paid: the money moves from the buyer to the order's hold. */
const paymentEntry = (row: OrderRow): LedgerEntry => ({
  idempotencyKey: `pay:order:${row.id}`,
  kind: "pay",
  orderId: row.id,
  postings: [
    { account: accounts.paidBy(row.buyerId), amountCents: -row.totalCents },
    { account: accounts.heldFor(row.id), amountCents: row.totalCents },
  ],
  createdAt: nowIso(),
});

export type PaymentOutcome = "paid" | "refunding" | "unchanged" | "duplicate";

/**
 * A payment the provider says succeeded (a verified webhook, or its answer when polled), in one
 * transaction: the event's id is taken first (a replay finds it and changes nothing), then the
 * order is locked. Awaiting payment: it is paid, the money held. Already closed (unpaid time ran
 * out, or cancelled, a moment before): the money the provider now holds is recorded and refunded.
 * Anything else already has its payment. An amount other than the order's is refused and logged:
 * never believed.
 */
export async function takePayment(
  deps: PaymentDeps,
  paymentRef: string,
  amountCents: number,
  event?: PaymentEvent,
): Promise<{ outcome: PaymentOutcome; deliveries: Delivery[] }> {
  const { db, outbox } = deps;
  const taken = await db
    .transaction()
    .execute(async (tx) => {
      if (event) await recordEvent(tx, deps.payments.name, event);
      const row = await repo.lockOrderByPaymentRef(tx, paymentRef);
      if (!row) throw appError("PAYMENT_NOT_FOUND");
      if (amountCents !== row.totalCents) {
        deps.log.error(
          { orderId: row.id, paymentRef, amountCents, totalCents: row.totalCents },
          "payment amount differs from the order's",
        );
        throw appError("WEBHOOK_REJECTED", "支付金额与订单不符");
      }
      if (row.status === "awaiting_payment") {
        const moved = await moveInTransaction(tx, deps, row, {
          transition: "pay",
          actor: "system",
          changes: { paidAt: nowIso() },
          ledger: paymentEntry(row),
          note: `买家已付款 ${formatPrice(row.totalCents)}，货款由支付机构托管`,
          notify: [{ userId: row.sellerId, kind: "order_paid" }],
        });
        return { outcome: "paid" as const, deliveries: moved.deliveries, row: moved.row };
      }
      if (row.status === "closed" && row.paidAt === null && row.settlement === null) {
        return { outcome: "refunding" as const, deliveries: [], row: await refundLatePayment(tx, row) };
      }
      return { outcome: "unchanged" as const, deliveries: [], row };
    })
    .catch((error: unknown) => {
      if (event && uniqueViolation(error) !== null) return { outcome: "duplicate" as const, deliveries: [], row: null };
      throw error;
    });
  outbox.push();
  if (taken.row?.settlement) await settleOrder(deps, taken.row.id);
  return { outcome: taken.outcome, deliveries: taken.deliveries };
}

/** A payment that arrived after its order closed: held now, so recorded, and owed back to the buyer. */
async function refundLatePayment(tx: Parameters<typeof post>[0], row: OrderRow): Promise<OrderRow> {
  const now = nowIso();
  const ledgerTransactionId = await post(tx, paymentEntry(row));
  const updated = await repo.updateOrder(tx, row.id, { settlement: "refund" });
  await repo.insertEvent(tx, {
    orderId: row.id,
    transition: "latePayment",
    actor: "system",
    status: row.status,
    note: `订单关闭后收到付款 ${formatPrice(row.totalCents)}，将原路退回`,
    idempotencyKey: `order:${row.id}:latePayment`,
    ledgerTransactionId,
    createdAt: now,
  });
  return updated ?? row;
}

/** Takes a webhook event's id: the same event twice is a unique violation, and changes nothing. */
async function recordEvent(tx: Parameters<typeof post>[0], provider: string, event: PaymentEvent): Promise<void> {
  await tx
    .insertInto("paymentWebhookEvents")
    .values({
      provider,
      eventId: event.eventId,
      paymentRef: event.paymentRef,
      type: event.type,
      receivedAt: nowIso(),
    })
    .execute();
}

/**
 * A verified webhook. A failed payment leaves the order waiting (the buyer may pay again); an
 * older event arriving after a newer one (a failure after the success) changes nothing.
 */
export async function takePaymentEvent(
  deps: PaymentDeps,
  event: PaymentEvent,
): Promise<{ outcome: PaymentOutcome; deliveries: Delivery[] }> {
  if (event.type === "payment.succeeded") return takePayment(deps, event.paymentRef, event.amountCents, event);
  const outcome = await deps.db
    .transaction()
    .execute(async (tx) => {
      await recordEvent(tx, deps.payments.name, event);
      const row = await repo.lockOrderByPaymentRef(tx, event.paymentRef);
      if (!row) throw appError("PAYMENT_NOT_FOUND");
      if (row.status !== "awaiting_payment") return "unchanged" as const;
      await repo.insertEvent(tx, {
        orderId: row.id,
        transition: "paymentFailed",
        actor: "system",
        status: row.status,
        note: "支付未成功，可以重新付款",
        idempotencyKey: `order:${row.id}:paymentFailed:${event.eventId}`,
        ledgerTransactionId: null,
        createdAt: nowIso(),
      });
      return "unchanged" as const;
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error) !== null) return "duplicate" as const;
      throw error;
    });
  const row = outcome === "unchanged" ? await repo.orderOfPayment(deps.db, event.paymentRef) : undefined;
  return { outcome, deliveries: row ? orderDeliveries(row) : [] };
}

/**
 * Asks the provider about a payment whose webhook has not come: a paid one is taken as the
 * webhook would have been.
 */
export async function pollPayment(deps: PaymentDeps, row: OrderRow) {
  const status = await deps.payments.paymentStatus(row.paymentRef);
  if (status.state !== "succeeded" || status.amountCents === null)
    return { outcome: "unchanged" as const, deliveries: [] };
  return takePayment(deps, row.paymentRef, status.amountCents);
}

/** After an unpaid order closed: its payment is closed at the provider, and one paid meanwhile refunded. */
export async function closeUnpaidPayment(deps: PaymentDeps, row: OrderRow): Promise<void> {
  try {
    await deps.payments.cancelPayment(row.paymentRef);
    await pollPayment(deps, row);
  } catch (error) {
    deps.log.warn({ err: error, orderId: row.id }, "could not close the payment of a closed order; polling will");
  }
}

/**
 * How an order's held money is shared out: all back to the buyer, all to the seller (the fee to
 * the platform), or split after a partial refund: the refund to the buyer, and of the rest the fee
 * first (the buyer paid it for protection they had) and the seller what remains.
 */
export function shareOf(row: OrderRow, kind: "refund" | "release" | "split") {
  const refundCents = kind === "refund" ? row.totalCents : kind === "split" ? (row.refundCents ?? 0) : 0;
  const rest = row.totalCents - refundCents;
  const feeCents = Math.min(row.feeCents, rest);
  return { refundCents, releaseCents: rest, feeCents, sellerCents: rest - feeCents };
}

type Share = ReturnType<typeof shareOf>;

/** What the provider moved out of the hold, each as a ledger entry and a line of the timeline: a refund, a release, or both. */
function settlementSteps(row: OrderRow, share: Share) {
  const held = (amountCents: number) => ({ account: accounts.heldFor(row.id), amountCents: -amountCents });
  const entry = (kind: "refund" | "release", postings: LedgerEntry["postings"]): LedgerEntry => ({
    idempotencyKey: `${kind}:order:${row.id}`,
    kind,
    orderId: row.id,
    postings,
    createdAt: nowIso(),
  });
  const steps: { entry: LedgerEntry; transition: "refunded" | "released"; note: string }[] = [];
  if (share.refundCents > 0) {
    steps.push({
      entry: entry("refund", [
        held(share.refundCents),
        { account: accounts.refundedTo(row.buyerId), amountCents: share.refundCents },
      ]),
      transition: "refunded",
      note: `${formatPrice(share.refundCents)} 已原路退回买家`,
    });
  }
  if (share.releaseCents > 0) {
    const fee = share.feeCents > 0 ? `（保障费 ${formatPrice(share.feeCents)}）` : "";
    steps.push({
      entry: entry("release", [
        held(share.releaseCents),
        ...(share.sellerCents > 0
          ? [{ account: accounts.releasedTo(row.sellerId), amountCents: share.sellerCents }]
          : []),
        ...(share.feeCents > 0 ? [{ account: accounts.platformFees, amountCents: share.feeCents }] : []),
      ]),
      transition: "released",
      note: `货款 ${formatPrice(share.sellerCents)} 已打给卖家${fee}`,
    });
  }
  return steps;
}

/** Asks the provider to move the share: the refund, then the release, each under its own key. */
async function moveShare(deps: PaymentDeps, row: OrderRow, share: Share): Promise<void> {
  const key = (kind: string) => `${kind}:order:${row.id}`;
  if (share.refundCents > 0) {
    await deps.payments.refund({
      paymentRef: row.paymentRef,
      amountCents: share.refundCents,
      idempotencyKey: key("refund"),
    });
  }
  if (share.releaseCents > 0) {
    const payeeAccount = (await payoutAccountOf(deps.db, row.sellerId)) ?? undefined;
    await deps.payments.release({
      paymentRef: row.paymentRef,
      amountCents: share.releaseCents,
      feeCents: share.feeCents,
      idempotencyKey: key("release"),
      payeeAccount,
    });
  }
}

/**
 * How a failed move of owed money is retried: after 1 minute, then twice as long each time, at
 * most 6 hours apart; after 8 failures (about four and a quarter hours) it is shown to moderators
 * as failed (GET /admin/settlements) and waits for one to try again.
 */
export const SETTLE_RETRY = { attempts: 8, firstDelayMs: 60 * 1000, maxDelayMs: 6 * 3600 * 1000 } as const;

/** Counts a failure and sets the next try; answers how many there have been. */
async function countFailure(deps: PaymentDeps, row: OrderRow, kind: string): Promise<number> {
  const attempts = row.settleAttempts + 1;
  const delay = Math.min(SETTLE_RETRY.firstDelayMs * 2 ** (attempts - 1), SETTLE_RETRY.maxDelayMs);
  const now = Date.now();
  await deps.db
    .updateTable("orders")
    .set({
      settleAttempts: attempts,
      settleAfter: new Date(now + delay).toISOString(),
      settleTriedAt: new Date(now).toISOString(),
    })
    .where("id", "=", row.id)
    .where("settlement", "=", kind)
    .execute();
  return attempts;
}

/**
 * Moves what an order still owes at the provider (refund, release, or a split of both), then
 * records it: the provider's calls first, each with a key that makes a retry move nothing twice,
 * then in one transaction the ledger entries, the order's settlement cleared (only if still owed:
 * of two settling at once one records it) and the timeline's lines. A provider that fails leaves
 * it owed: the settle-orders job tries again. Answers whether it is settled.
 */
export async function settleOrder(deps: PaymentDeps, orderId: number): Promise<boolean> {
  const row = await repo.findOrder(deps.db, orderId);
  const kind = row?.settlement;
  if (!row || (kind !== "refund" && kind !== "release" && kind !== "split")) return true;
  const share = shareOf(row, kind);
  try {
    await moveShare(deps, row, share);
  } catch (error) {
    // Refused or unreachable, the money did not move (or the retry's key will not move it twice).
    const attempts = await countFailure(deps, row, kind);
    const gaveUp = attempts >= SETTLE_RETRY.attempts;
    deps.log[gaveUp ? "error" : "warn"](
      { err: error, orderId, kind, attempts },
      gaveUp
        ? "the payment provider did not move the money; retries ran out"
        : "the payment provider did not move the money; will retry",
    );
    return false;
  }
  await deps.db.transaction().execute(async (tx) => {
    const cleared = await tx
      .updateTable("orders")
      .set({ settlement: null, settleAttempts: 0, settleAfter: null })
      .where("id", "=", row.id)
      .where("settlement", "=", kind)
      .returning("id")
      .executeTakeFirst();
    if (!cleared) return;
    for (const { entry, transition, note } of settlementSteps(row, share)) {
      const ledgerTransactionId = await post(tx, entry);
      await repo.insertEvent(tx, {
        orderId: row.id,
        transition,
        actor: "system",
        status: row.status,
        note,
        idempotencyKey: `order:${row.id}:${transition}`,
        ledgerTransactionId,
        createdAt: nowIso(),
      });
    }
  });
  return true;
}

/** What a step leaves to do at the provider once it committed: move held money, or close an unpaid payment. */
export async function afterMove(deps: PaymentDeps, row: OrderRow): Promise<void> {
  if (row.settlement) await settleOrder(deps, row.id);
  else if (row.status === "closed" && row.paidAt === null) await closeUnpaidPayment(deps, row);
}

/** `npm run ledger:check`: the ledger against the orders' states and what the provider reports holding. */
export async function checkOrdersLedger({ db, payments }: Deps<"db" | "payments">) {
  return checkLedger(db, { expectedHeld: await repo.expectedHeld(db), providerHeldCents: await payments.heldCents() });
}
