import type { Db } from "../../../db/database.js";
import { isoAfterSeconds } from "../../../lib/clock.js";
import { claimWebhook, dueWebhooks, markDelivered, markFailed, type SandboxWebhookRow } from "./sandbox-repository.js";
import { signedHeaders } from "./sandbox-signature.js";

/** A webhook as the sandbox sends it: the receiver answers with an HTTP status. */
export type SendWebhook = (webhook: { headers: Record<string, string>; body: string }) => Promise<number>;

/**
 * How long the sandbox waits after each failed attempt before the next, as real providers back
 * off; after the last delay's attempt it gives up (the webhook keeps its last error), and the
 * product finds the payment by polling its status.
 */
export const RETRY_DELAYS_SECONDS = [5, 30, 120, 600, 3600, 3 * 3600, 6 * 3600] as const;
export const WEBHOOK_ATTEMPTS_MAX = RETRY_DELAYS_SECONDS.length + 1;

/** Webhooks read per round; the rest wait for the next run. */
const BATCH = 100;

export interface DeliveryDeps {
  db: Db;
  secret: string;
  send: SendWebhook;
  /**
   * How long a taken webhook stays out of other deliverers' reach: one that died while sending
   * (killed, or a `send` that never returns) is taken over after this (SANDBOX_WEBHOOK_LEASE_SECONDS).
   */
  leaseSeconds: number;
}

/**
 * Sends every due webhook once: each is first taken with a conditional UPDATE, so deliverers in
 * several processes at once send each attempt once. A 2xx answer delivers it; anything else (or
 * `send` throwing) reschedules it on RETRY_DELAYS_SECONDS. Answers how many were delivered.
 */
export async function deliverDueWebhooks(deps: DeliveryDeps, now: Date): Promise<number> {
  const nowMs = now.getTime();
  const due = await dueWebhooks(deps.db, now.toISOString(), WEBHOOK_ATTEMPTS_MAX, BATCH);
  let delivered = 0;
  for (const webhook of due) {
    if (!(await claimWebhook(deps.db, webhook, isoAfterSeconds(deps.leaseSeconds, nowMs)))) continue;
    const claimed = { id: webhook.id, attempts: webhook.attempts + 1 };
    const error = await attempt(deps, webhook, now);
    if (error === null) {
      await markDelivered(deps.db, claimed, now.toISOString());
      delivered += 1;
    } else {
      await markFailed(deps.db, claimed, error, retryAt(claimed.attempts, nowMs));
    }
  }
  return delivered;
}

/** One attempt, signed at the time of sending; null when the receiver took it, else what went wrong. */
async function attempt(deps: DeliveryDeps, webhook: SandboxWebhookRow, now: Date): Promise<string | null> {
  const headers = signedHeaders(deps.secret, webhook.eventId, webhook.body, now);
  try {
    const status = await deps.send({ headers, body: webhook.body });
    return status >= 200 && status < 300 ? null : `HTTP ${status}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** When the attempt after `attempts` is due; past the last, the webhook is given up (no due row matches). */
function retryAt(attempts: number, nowMs: number): string {
  const delay = RETRY_DELAYS_SECONDS[attempts - 1] ?? 0;
  return isoAfterSeconds(delay, nowMs);
}
