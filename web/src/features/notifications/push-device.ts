import type { SavePushSubscriptionBody } from "@xianzhi/contract";

/**
 * What this browser offers for Web Push, read from `window` (tests hand in their own): the
 * service worker container, whether the Push API exists, and the Notification permission.
 */
export interface PushBrowser {
  serviceWorker?: Pick<ServiceWorkerContainer, "ready" | "getRegistration">;
  hasPushManager: boolean;
  notification?: {
    readonly permission: NotificationPermission;
    requestPermission(): Promise<NotificationPermission>;
  };
}

export function thisBrowser(): PushBrowser {
  if (typeof window === "undefined") return { hasPushManager: false };
  return {
    serviceWorker: "serviceWorker" in navigator ? navigator.serviceWorker : undefined,
    hasPushManager: "PushManager" in window,
    notification: "Notification" in window ? window.Notification : undefined,
  };
}

/** unsupported: no service worker, Push API or notifications; denied: the person refused notifications for the site. */
export type PushSupport = "supported" | "unsupported" | "denied";

export function pushSupport(browser: PushBrowser): PushSupport {
  if (!browser.serviceWorker || !browser.hasPushManager || !browser.notification) return "unsupported";
  return browser.notification.permission === "denied" ? "denied" : "supported";
}

/** The server's VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const bytes = new Uint8Array(a);
  return bytes.length === b.length && bytes.every((byte, index) => byte === b[index]);
}

/** What the server is sent: the subscription's endpoint and keys. */
export function subscriptionBody(subscription: Pick<PushSubscription, "toJSON">): SavePushSubscriptionBody {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error("the push subscription has no endpoint or keys");
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** How long to wait for the app's service worker to be active before saying it is not there. */
export const WORKER_WAIT_MS = 10_000;

function withinTime<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

export type SubscribeOutcome =
  | { ok: true; subscription: SavePushSubscriptionBody }
  | { ok: false; reason: "unsupported" | "denied" | "dismissed" | "no-worker" };

/**
 * Subscribes this device: asks for the Notification permission (unless given already), then
 * subscribes through the app's service worker with the server's key. A subscription the browser
 * holds with another key (the server's keys changed) cannot be pushed to: it is replaced.
 */
export async function subscribeThisDevice(
  browser: PushBrowser,
  publicKey: string,
  waitMs = WORKER_WAIT_MS,
): Promise<SubscribeOutcome> {
  const support = pushSupport(browser);
  if (support !== "supported" || !browser.serviceWorker || !browser.notification) {
    return { ok: false, reason: support === "denied" ? "denied" : "unsupported" };
  }
  const permission =
    browser.notification.permission === "granted" ? "granted" : await browser.notification.requestPermission();
  if (permission === "denied") return { ok: false, reason: "denied" };
  if (permission !== "granted") return { ok: false, reason: "dismissed" };
  const registration = await withinTime(browser.serviceWorker.ready, waitMs);
  if (!registration) return { ok: false, reason: "no-worker" };
  const key = applicationServerKey(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return { ok: true, subscription: subscriptionBody(subscription) };
}

/** The subscription this browser holds for the app, if any (without waiting for a worker that may never come). */
export async function thisDeviceSubscription(browser: PushBrowser): Promise<SavePushSubscriptionBody | null> {
  if (pushSupport(browser) === "unsupported" || !browser.serviceWorker) return null;
  const registration = await browser.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? subscriptionBody(subscription) : null;
}

/** Ends this browser's subscription; answers the endpoint it had, for the server to forget. */
export async function unsubscribeThisDevice(browser: PushBrowser): Promise<string | null> {
  if (!browser.serviceWorker) return null;
  const registration = await browser.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
