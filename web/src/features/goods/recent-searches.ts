/** The keywords this browser searched last, newest first, kept in localStorage (never sent anywhere). */

const RECENT_SEARCHES_KEY = "xianzhi.recentSearches";
export const RECENT_SEARCHES_MAX = 10;

type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The browser's localStorage; none in the server's render. */
const browserStorage = (): KeyValueStore | undefined =>
  typeof localStorage === "undefined" ? undefined : localStorage;

export function readRecentSearches(storage = browserStorage()): string[] {
  try {
    const kept: unknown = JSON.parse(storage?.getItem(RECENT_SEARCHES_KEY) ?? "[]");
    return Array.isArray(kept) ? kept.filter((item): item is string => typeof item === "string") : [];
  } catch {
    // Something else wrote the key: it starts over.
    return [];
  }
}

/** Puts the keyword first (once, trimmed), keeping the last ten; answers the new list. */
export function rememberSearch(keyword: string, storage = browserStorage()): string[] {
  const trimmed = keyword.trim();
  if (!trimmed) return readRecentSearches(storage);
  const recent = [trimmed, ...readRecentSearches(storage).filter((item) => item !== trimmed)].slice(
    0,
    RECENT_SEARCHES_MAX,
  );
  storage?.setItem(RECENT_SEARCHES_KEY, JSON.stringify(recent));
  return recent;
}

export function clearRecentSearches(storage = browserStorage()): void {
  storage?.removeItem(RECENT_SEARCHES_KEY);
}
