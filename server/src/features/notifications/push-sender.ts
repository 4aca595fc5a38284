import type { PushPayload } from "@xianzhi/contract";
import webpush from "web-push";
import type { VapidKeys } from "./push-keys.js";

/** A device to push to: where its push service takes pushes for it, and the keys to encrypt to. */
export interface PushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Replaces a push of the same topic still waiting at the push service (a device offline). */
  topic: string;
  urgency: "normal" | "high";
}

/** A VAPID token's lifetime (at most 24 hours); one is signed per push service per this time, not per push. */
const TOKEN_SECONDS = 12 * 60 * 60;
/** A token is renewed this long before it lapses, so none reaches a push service expired. */
const TOKEN_MARGIN_SECONDS = 60 * 60;
/** How long a push may wait at the push service for a device that is off. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/**
 * Sends Web Push requests (RFC 8030, payload encrypted per RFC 8291, VAPID per RFC 8292) with the
 * app's keys, checked once when made. web-push builds each request; fetch sends it, over kept-alive
 * connections to the few push services there are.
 */
export class PushSender {
  private readonly tokens = new Map<string, { authorization: string; renewAt: number }>();

  constructor(
    readonly keys: VapidKeys,
    private readonly subject: string,
  ) {
    // A bad key or subject stops the start, instead of failing every push.
    this.authorization("https://push.example");
  }

  /** Sends one push; answers the push service's status (201 taken, 404/410 the subscription is gone). */
  async send(device: PushDevice, payload: PushPayload, options: PushOptions): Promise<number> {
    const request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: null,
        headers: { Authorization: this.authorization(device.endpoint) },
        TTL: TTL_SECONDS,
        urgency: options.urgency,
        topic: options.topic,
      },
    );
    // fetch counts the body itself.
    const headers = Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== "content-length")
      .map(([name, value]): [string, string] => [name, String(value)]);
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return response.status;
  }

  /** The VAPID Authorization header for the push service of this endpoint, signed once per TOKEN_SECONDS. */
  private authorization(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const token = this.tokens.get(audience);
    if (token && token.renewAt > now) return token.authorization;
    const expiration = Math.floor(now / 1000) + TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      this.subject,
      this.keys.publicKey,
      this.keys.privateKey,
      "aes128gcm",
      expiration,
    );
    this.tokens.set(audience, {
      authorization: Authorization,
      renewAt: now + (TOKEN_SECONDS - TOKEN_MARGIN_SECONDS) * 1000,
    });
    return Authorization;
  }
}

/** Whether a subscription's endpoint is at one of the push services configured (PUSH_SERVICES). */
export function isAllowedPushService(endpoint: string, services: string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return services.some((service) =>
    service.includes("://")
      ? url.origin === service.replace(/\/+$/, "")
      : url.protocol === "https:" && (url.hostname === service || url.hostname.endsWith(`.${service}`)),
  );
}
