import { randomBytes } from "node:crypto";
import type { Insertable } from "kysely";
import type { SandboxWebhooksTable } from "../../../db/schema.js";
import type { PaymentEvent } from "../payment-provider.js";
import type { SandboxPaymentRow } from "./sandbox-repository.js";
import type { SandboxEventBody } from "./sandbox-signature.js";

/**
 * How the sandbox behaves once the buyer pays, picked on the pay page (tests pick it):
 *   normal             succeeds, one webhook
 *   declined           fails (as the page's 支付失败), one payment.failed webhook
 *   no_webhook         succeeds but never sends the webhook: the product must poll paymentStatus
 *   duplicate          succeeds and sends its webhook twice, with the same event id
 *   out_of_order       succeeds, then also sends a stale payment.failed that happened before it
 *   refund_fails_once  succeeds; the first refund of it fails, the next works
 */
export const SANDBOX_PAY_MODES = [
  "normal",
  "declined",
  "no_webhook",
  "duplicate",
  "out_of_order",
  "refund_fails_once",
] as const;
export type SandboxPayMode = (typeof SANDBOX_PAY_MODES)[number];

/** How much earlier than the payment the stale event of `out_of_order` claims to have happened. */
const STALE_BY_MS = 1000;

function eventOf(row: SandboxPaymentRow, type: PaymentEvent["type"], occurredAt: string): SandboxEventBody {
  return {
    id: `evt_${randomBytes(12).toString("hex")}`,
    type,
    paymentRef: row.merchantRef,
    amountCents: row.amountCents,
    occurredAt,
  };
}

function webhookOf(row: SandboxPaymentRow, event: SandboxEventBody, dueAt: string): Insertable<SandboxWebhooksTable> {
  return { paymentId: row.id, eventId: event.id, body: JSON.stringify(event), dueAt };
}

/** The webhooks a payment that just ended owes, in the order they go out (all due at once, by id). */
export function queuedEvents(row: SandboxPaymentRow, now: Date): Insertable<SandboxWebhooksTable>[] {
  const dueAt = now.toISOString();
  if (row.status === "failed") return [webhookOf(row, eventOf(row, "payment.failed", dueAt), dueAt)];
  const paidAt = row.paidAt ?? dueAt;
  const succeeded = webhookOf(row, eventOf(row, "payment.succeeded", paidAt), dueAt);
  switch (row.mode as SandboxPayMode) {
    case "no_webhook":
      return [];
    case "duplicate":
      return [succeeded, { ...succeeded }];
    case "out_of_order": {
      const staleAt = new Date(Date.parse(paidAt) - STALE_BY_MS).toISOString();
      return [succeeded, webhookOf(row, eventOf(row, "payment.failed", staleAt), dueAt)];
    }
    default:
      return [succeeded];
  }
}
