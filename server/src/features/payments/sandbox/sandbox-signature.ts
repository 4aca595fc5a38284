import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { type PaymentEvent, WebhookRejected, type WebhookRequest } from "../payment-provider.js";

/** The sandbox's webhook headers, as a real provider's (Stripe's, GitHub's) carry id, time and signature. */
export const SandboxHeaders = {
  eventId: "x-sandbox-event-id",
  timestamp: "x-sandbox-timestamp",
  signature: "x-sandbox-signature",
} as const;

/** How far a webhook's timestamp may be from the receiver's clock, either way: older ones are replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** What a sandbox webhook's body says: one event about one payment. */
const EventBodySchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(["payment.succeeded", "payment.failed"]),
  paymentRef: z.string().min(1).max(100),
  amountCents: z.number().int().min(0),
  occurredAt: z.iso.datetime(),
});
export type SandboxEventBody = z.infer<typeof EventBodySchema>;

/** Hex HMAC-SHA256 over the event id, the time of sending and the body exactly as sent. */
export function signatureOf(secret: string, eventId: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${eventId}.${timestamp}.${body}`).digest("hex");
}

/** The headers of a webhook sent at `now`. */
export function signedHeaders(secret: string, eventId: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "content-type": "application/json",
    [SandboxHeaders.eventId]: eventId,
    [SandboxHeaders.timestamp]: String(timestamp),
    [SandboxHeaders.signature]: signatureOf(secret, eventId, timestamp, body),
  };
}

function headerOf(request: WebhookRequest, name: string): string {
  const value = request.headers[name];
  if (typeof value !== "string" || value === "") throw new WebhookRejected(`missing header ${name}`);
  return value;
}

function sameSignature(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given, "hex"));
}

function bodyOf(rawBody: string): SandboxEventBody {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new WebhookRejected("body is not JSON");
  }
  const parsed = EventBodySchema.safeParse(json);
  if (!parsed.success) throw new WebhookRejected("body is not a sandbox event");
  return parsed.data;
}

/**
 * A sandbox webhook, believed only when its signature is the secret's over exactly these bytes,
 * its timestamp within the tolerance of `now`, and its body the event the header names.
 */
export function verifySandboxWebhook(secret: string, request: WebhookRequest, now: Date): PaymentEvent {
  const eventId = headerOf(request, SandboxHeaders.eventId);
  const timestampText = headerOf(request, SandboxHeaders.timestamp);
  const signature = headerOf(request, SandboxHeaders.signature);
  if (!/^\d{1,12}$/.test(timestampText)) throw new WebhookRejected("bad timestamp");
  const timestamp = Number(timestampText);
  if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookRejected("timestamp outside the tolerance");
  }
  if (!sameSignature(signatureOf(secret, eventId, timestamp, request.rawBody), signature)) {
    throw new WebhookRejected("bad signature");
  }
  const body = bodyOf(request.rawBody);
  if (body.id !== eventId) throw new WebhookRejected("body's event id differs from the header's");
  return {
    eventId: body.id,
    type: body.type,
    paymentRef: body.paymentRef,
    amountCents: body.amountCents,
    occurredAt: body.occurredAt,
  };
}
