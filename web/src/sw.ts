/// <reference lib="webworker" />
/**
 * The app's service worker, built by vite-plugin-pwa (injectManifest) with Workbox. It precaches the
 * build (the shell and every screen's code), so a version's pages only ever load that version's
 * chunks; a new version waits until the user taps 刷新. Pages come from the network (the server
 * draws the goods screens), and offline from the precached shell; the answers and pictures a
 * person saw are kept for offline; pictures shared to the app wait for the post screen; pushes
 * show notifications.
 */
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import {
  ANSWER_CACHE,
  ANSWER_CACHE_ENTRIES,
  ANSWER_CACHE_SECONDS,
  isKeptRead,
  PAGE_CACHE,
  PAGE_CACHE_ENTRIES,
  PICTURE_CACHE,
  PICTURE_CACHE_ENTRIES,
  SAVED_AT_HEADER,
  SAVED_AT_META,
  SHARE_TARGET_FILES,
  SHARE_TARGET_PATH,
  SHARED_CACHE,
  SHARED_PARAM,
} from "./app/service-worker/caches";
import { OPEN_TARGET, type PushMessage, readPushMessage } from "./app/service-worker/push-message";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open pages at once (they run its build): what they read from then on
// is kept for offline. A later one only takes over at 刷新, when every page reloads into it.
clientsClaim();

// The page's 刷新 on 有新版本: the waiting version takes over, and the pages reload into it.
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting();
});

/** Keeps, with an answer put in the cache, the time it was put there: served from the cache, it says how old it is. */
const stampSavedAt = {
  async cacheWillUpdate({ response }: { response: Response }) {
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

/**
 * A page served from the cache says when it was kept, in its head, where the app reads it
 * (pageSavedAt); and an address never visited opens the shell the build made (web/index.html),
 * from which the app shows what it has.
 */
const pageOffline = {
  async cachedResponseWillBeUsed({ cachedResponse }: { cachedResponse?: Response }) {
    const savedAt = cachedResponse?.headers.get(SAVED_AT_HEADER);
    if (!cachedResponse || !savedAt) return cachedResponse ?? null;
    const html = (await cachedResponse.text()).replace(
      "<head>",
      `<head><meta name="${SAVED_AT_META}" content="${savedAt.replace(/[^0-9TZ:.-]/g, "")}">`,
    );
    return new Response(html, { status: 200, headers: cachedResponse.headers });
  },
  async handlerDidError() {
    return (await matchPrecache("/index.html")) ?? Response.error();
  },
};

// Pages from the network (the server draws the goods screens), kept for offline: the documents hold
// nothing private (a signed-in person's is the plain shell, their data comes by the API).
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: PAGE_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: PAGE_CACHE_ENTRIES }),
        stampSavedAt,
        pageOffline,
      ],
    }),
    { denylist: [/^\/api\//, /^\/files\//, /^\/metrics$/, new RegExp(`^${SHARE_TARGET_PATH}$`)] },
  ),
);

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === "GET" && isKeptRead(url.pathname),
  new NetworkFirst({
    cacheName: ANSWER_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: ANSWER_CACHE_ENTRIES, maxAgeSeconds: ANSWER_CACHE_SECONDS }),
      stampSavedAt,
    ],
  }),
);

// A picture's address never changes what it shows (served immutable): the cache answers first.
registerRoute(
  ({ request }) => request.destination === "image" && request.method === "GET",
  new CacheFirst({
    cacheName: PICTURE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: PICTURE_CACHE_ENTRIES, purgeOnQuotaError: true }),
    ],
  }),
);

/**
 * Pictures shared to 闲置 from the phone's gallery: kept under a batch id, and the post screen
 * opened with it, which uploads them as if picked there.
 */
registerRoute(
  ({ url }) => url.pathname === SHARE_TARGET_PATH,
  async ({ request }) => {
    const form = await request.formData();
    const files = form.getAll(SHARE_TARGET_FILES).filter((entry): entry is File => entry instanceof File);
    const batch = crypto.randomUUID();
    // One share at a time: pictures of an earlier one the post screen never took go.
    await caches.delete(SHARED_CACHE);
    const cache = await caches.open(SHARED_CACHE);
    await Promise.all(
      files.map((file, index) =>
        cache.put(
          `/${SHARED_CACHE}/${batch}/${index}`,
          new Response(file, {
            headers: { "content-type": file.type, "x-file-name": encodeURIComponent(file.name) },
          }),
        ),
      ),
    );
    return Response.redirect(`/post?${SHARED_PARAM}=${batch}`, 303);
  },
  "POST",
);

self.addEventListener("push", (event) => {
  const message = readPushMessage(event.data?.text());
  if (message) event.waitUntil(showPush(message));
});

async function showPush(message: PushMessage): Promise<void> {
  await self.registration.showNotification(message.title, {
    body: message.body,
    tag: message.tag,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { url: message.url },
  });
  if (message.unread !== undefined && "setAppBadge" in self.navigator) {
    await self.navigator.setAppBadge(message.unread).catch(() => undefined);
  }
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  // A path of the app: readPushMessage let no other through.
  event.waitUntil(openTarget(String(event.notification.data?.url ?? "/")));
});

/** A window of the app already open shows the push's target (its router goes there); else a new one opens there. */
async function openTarget(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) {
    await self.clients.openWindow(path);
    return;
  }
  open.postMessage({ type: OPEN_TARGET, url: path });
  await open.focus().catch(() => undefined);
}
