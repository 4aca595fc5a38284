import { describe, expect, it } from "vitest";
import {
  applicationServerKey,
  type PushBrowser,
  pushSupport,
  subscribeThisDevice,
  thisDeviceSubscription,
  unsubscribeThisDevice,
} from "./push-device";

/** A server key: 65 bytes, as base64url. */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, n) => (n === 0 ? 4 : n * 3));
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, "-")
  .replace(/\//g, "_")
  .replace(/=+$/, "");

class FakeSubscription {
  unsubscribed = false;
  constructor(
    readonly endpoint: string,
    readonly key: Uint8Array,
  ) {}
  get options() {
    return { applicationServerKey: this.key.slice().buffer, userVisibleOnly: true };
  }
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: "p256dh-key", auth: "auth-secret" } };
  }
  async unsubscribe() {
    this.unsubscribed = true;
    return true;
  }
}

/** A browser whose push service hands out numbered endpoints; it records what it was asked. */
function fakeBrowser({
  permission = "default" as NotificationPermission,
  answer = "granted" as NotificationPermission,
  worker = true,
  held = null as FakeSubscription | null,
} = {}) {
  const asked = { permission: 0, subscribe: [] as PushSubscriptionOptionsInit[] };
  let current = held;
  const pushManager = {
    getSubscription: async () => current,
    subscribe: async (options: PushSubscriptionOptionsInit) => {
      asked.subscribe.push(options);
      current = new FakeSubscription(
        `https://push.example/${asked.subscribe.length}`,
        options.applicationServerKey as Uint8Array,
      );
      return current;
    },
  };
  const registration = { pushManager } as unknown as ServiceWorkerRegistration;
  const notification = {
    permission,
    async requestPermission() {
      asked.permission += 1;
      this.permission = answer;
      return answer;
    },
  };
  const browser: PushBrowser = {
    serviceWorker: {
      ready: worker ? Promise.resolve(registration) : new Promise(() => {}),
      getRegistration: async () => (worker ? registration : undefined),
    },
    hasPushManager: true,
    notification,
  };
  return { browser, asked, current: () => current };
}

describe("what the browser offers for push", () => {
  it("is unsupported without a service worker, the Push API or notifications", () => {
    const { browser } = fakeBrowser();
    expect(pushSupport(browser)).toBe("supported");
    expect(pushSupport({ ...browser, serviceWorker: undefined })).toBe("unsupported");
    expect(pushSupport({ ...browser, hasPushManager: false })).toBe("unsupported");
    expect(pushSupport({ ...browser, notification: undefined })).toBe("unsupported");
    expect(pushSupport(fakeBrowser({ permission: "denied" }).browser)).toBe("denied");
  });

  it("turns the base64url key into its bytes", () => {
    expect([...applicationServerKey(PUBLIC_KEY)]).toEqual([...KEY_BYTES]);
    expect([...applicationServerKey("-_8")]).toEqual([0xfb, 0xff]);
  });
});

describe("subscribing this device", () => {
  it("asks for permission, subscribes user-visible with the server's key and answers endpoint and keys", async () => {
    const { browser, asked } = fakeBrowser();
    expect(await subscribeThisDevice(browser, PUBLIC_KEY)).toEqual({
      ok: true,
      subscription: { endpoint: "https://push.example/1", keys: { p256dh: "p256dh-key", auth: "auth-secret" } },
    });
    expect(asked.permission).toBe(1);
    expect(asked.subscribe).toHaveLength(1);
    expect(asked.subscribe[0]?.userVisibleOnly).toBe(true);
    expect([...((asked.subscribe[0] as PushSubscriptionOptionsInit).applicationServerKey as Uint8Array)]).toEqual([
      ...KEY_BYTES,
    ]);
  });

  it("does not ask again once granted, and keeps a subscription made with the same key", async () => {
    const held = new FakeSubscription("https://push.example/held", KEY_BYTES);
    const { browser, asked } = fakeBrowser({ permission: "granted", held });
    const outcome = await subscribeThisDevice(browser, PUBLIC_KEY);
    expect(outcome).toMatchObject({ ok: true, subscription: { endpoint: "https://push.example/held" } });
    expect(asked).toEqual({ permission: 0, subscribe: [] });
    expect(held.unsubscribed).toBe(false);
  });

  it("replaces a subscription made with another key", async () => {
    const held = new FakeSubscription("https://push.example/old", Uint8Array.from([4, 1, 2]));
    const { browser } = fakeBrowser({ permission: "granted", held });
    const outcome = await subscribeThisDevice(browser, PUBLIC_KEY);
    expect(held.unsubscribed).toBe(true);
    expect(outcome).toMatchObject({ ok: true, subscription: { endpoint: "https://push.example/1" } });
  });

  it("says why it could not: refused, dismissed, unsupported, or no service worker", async () => {
    const refused = fakeBrowser({ answer: "denied" });
    expect(await subscribeThisDevice(refused.browser, PUBLIC_KEY)).toEqual({ ok: false, reason: "denied" });
    expect(refused.asked.subscribe).toEqual([]);
    const dismissed = fakeBrowser({ answer: "default" });
    expect(await subscribeThisDevice(dismissed.browser, PUBLIC_KEY)).toEqual({ ok: false, reason: "dismissed" });
    const blocked = fakeBrowser({ permission: "denied" });
    expect(await subscribeThisDevice(blocked.browser, PUBLIC_KEY)).toEqual({ ok: false, reason: "denied" });
    expect(blocked.asked.permission).toBe(0);
    const old = fakeBrowser();
    expect(await subscribeThisDevice({ ...old.browser, hasPushManager: false }, PUBLIC_KEY)).toEqual({
      ok: false,
      reason: "unsupported",
    });
    const workerless = fakeBrowser({ worker: false });
    expect(await subscribeThisDevice(workerless.browser, PUBLIC_KEY, 10)).toEqual({ ok: false, reason: "no-worker" });
    expect(workerless.asked.subscribe).toEqual([]);
  });
});

describe("this device's subscription", () => {
  it("is read without waiting for a worker, and ended with its endpoint answered", async () => {
    const { browser, current } = fakeBrowser({ permission: "granted" });
    expect(await thisDeviceSubscription(browser)).toBeNull();
    expect(await unsubscribeThisDevice(browser)).toBeNull();
    await subscribeThisDevice(browser, PUBLIC_KEY);
    expect(await thisDeviceSubscription(browser)).toMatchObject({ endpoint: "https://push.example/1" });
    const subscription = current();
    expect(await unsubscribeThisDevice(browser)).toBe("https://push.example/1");
    expect(subscription?.unsubscribed).toBe(true);
    expect(await thisDeviceSubscription(fakeBrowser({ worker: false }).browser)).toBeNull();
  });
});
