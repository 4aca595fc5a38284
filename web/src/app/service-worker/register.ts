import { cameOnline, reportAppStatus, shownFromCache, updateReady, wentOffline } from "./app-status";
import { pageSavedAt } from "./caches";
import { OPEN_TARGET } from "./push-message";

let skipWaiting: (() => void) | null = null;

/** 刷新 on 有新版本: the waiting version takes over, and every page of the app reloads into it. */
export function applyUpdate(): void {
  if (skipWaiting) skipWaiting();
  else window.location.reload();
}

/** Runs `task` once the page has loaded and the browser is idle: nothing of it competes with the first screen. */
function afterLoadAndIdle(task: () => void): void {
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(() => task()) : setTimeout(task, 1000));
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/** Keeps the app's offline flag as the browser's; a page the worker served from its cache says so at once. */
export function watchConnection(): void {
  if (!navigator.onLine) reportAppStatus(wentOffline());
  const savedAt = pageSavedAt();
  if (savedAt) reportAppStatus(shownFromCache(savedAt));
  window.addEventListener("offline", () => reportAppStatus(wentOffline()));
  window.addEventListener("online", () => reportAppStatus(cameOnline()));
}

/**
 * Registers the service worker (web/src/sw.ts) of a built app, after the first screen: the worker's
 * code (workbox-window) is a chunk of its own, loaded then. A version waiting shows 有新版本; when
 * it takes over, every page of the old one reloads, so no page runs one version's code with
 * another's chunks. A tapped notification's target opens in this page's router.
 */
export function registerServiceWorker(navigate: (path: string) => void): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent) => {
    if (event.data?.type === OPEN_TARGET && typeof event.data.url === "string") navigate(event.data.url);
  });
  afterLoadAndIdle(async () => {
    const { Workbox } = await import("workbox-window");
    const worker = new Workbox("/sw.js");
    worker.addEventListener("waiting", () => reportAppStatus(updateReady()));
    worker.addEventListener("controlling", (event) => {
      if (event.isUpdate) window.location.reload();
    });
    skipWaiting = () => worker.messageSkipWaiting();
    await worker.register().catch(() => undefined);
  });
}
