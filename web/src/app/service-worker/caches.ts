/**
 * What the service worker (web/src/sw.ts) and the app agree on: the caches it keeps besides the
 * precached build, the header it stamps on a kept answer, and where shared pictures wait.
 */

/** The app's pages (documents) as last fetched: offline, the same address opens from here. */
export const PAGE_CACHE = "xianzhi-pages";
/** Answers of the API a person reads again offline (goods, lists, chats), each stamped with when it was kept. */
export const ANSWER_CACHE = "xianzhi-answers";
/** Pictures seen, the oldest dropped past PICTURE_CACHE_ENTRIES. */
export const PICTURE_CACHE = "xianzhi-pictures";
/** Pictures shared to the app (its share target) until the post screen takes them. */
export const SHARED_CACHE = "xianzhi-shared";

/** Pages kept for offline. */
export const PAGE_CACHE_ENTRIES = 50;
/** Pictures kept for offline: some 100 kB each, so a few tens of MB at most. */
export const PICTURE_CACHE_ENTRIES = 300;
/** Answers kept for offline. */
export const ANSWER_CACHE_ENTRIES = 200;
/** An answer older than this is not shown offline any more. */
export const ANSWER_CACHE_SECONDS = 7 * 24 * 3600;

/** The header on an answer the worker served from its cache (ISO time it was kept): the app shows 离线 with it. */
export const SAVED_AT_HEADER = "x-xianzhi-saved-at";
/** The same for a page the worker served from its cache: a meta element of this name in its head. */
export const SAVED_AT_META = "xianzhi-saved-at";

/** When the page on the screen was kept, if the worker served it from its cache (offline). */
export function pageSavedAt(): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${SAVED_AT_META}"]`)?.content || null;
}

/** Where the phone posts pictures shared to 闲置 (the manifest's share_target). */
export const SHARE_TARGET_PATH = "/share-target";
/** The form field the shared pictures come in. */
export const SHARE_TARGET_FILES = "photos";
/** The post screen's query parameter naming a batch of shared pictures. */
export const SHARED_PARAM = "shared";

/**
 * The reads kept for offline: what a person browses (goods, their lists and comments, sellers'
 * pages, favourites) and their own chats, notifications and orders. Never the rest: captchas,
 * sessions, security settings, the data export, moderation.
 */
const KEPT_READS = [
  /^\/api\/goods\/(getlist|search\/list|info\/[^/]+|following)$/,
  /^\/api\/goodscomment\/getlist\/[^/]+$/,
  /^\/api\/user\/[^/]+\/(profile|goods|reviews)$/,
  /^\/api\/fav\/$/,
  /^\/api\/mychatlist\/getlist$/,
  /^\/api\/chat\/getlist$/,
  /^\/api\/notifications$/,
  /^\/api\/orders(\/(?!checkout$)[^/]+)?$/,
];

export function isKeptRead(pathname: string): boolean {
  return KEPT_READS.some((pattern) => pattern.test(pathname));
}

/**
 * Drops every kept answer: they were read with a session, and the next person on this browser must
 * not see them (called whenever the session changes: sign-in, sign-out, a session ended).
 */
export async function dropKeptAnswers(): Promise<void> {
  if (typeof caches === "undefined") return;
  await caches.delete(ANSWER_CACHE);
}
