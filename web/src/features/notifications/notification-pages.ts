import type { Notification, NotificationPage } from "@xianzhi/contract";

/** The pages of the notification centre loaded so far (RTK Query's infinite data), newest first. */
export interface LoadedPages {
  pages: NotificationPage[];
}

/**
 * Every notification loaded, each once. A notification arriving live moves the older ones down
 * the server's pages, so the next page loaded starts with ones already shown.
 */
export function loadedNotifications(loaded: LoadedPages | undefined): Notification[] {
  const seen = new Set<string>();
  return (loaded?.pages ?? [])
    .flatMap((page) => page.list)
    .filter((notification) => !seen.has(notification.id) && seen.add(notification.id));
}

/** A notification pushed live goes on top (once); every page counts one more in all. */
export function addArrived(loaded: LoadedPages, notification: Notification): void {
  const [first] = loaded.pages;
  if (!first || loadedNotifications(loaded).some((shown) => shown.id === notification.id)) return;
  first.list.unshift(notification);
  for (const page of loaded.pages) page.total += 1;
}

/** Marks the named notifications read, or all of them without `ids`; answers how many were unread. */
export function markLoadedRead(loaded: LoadedPages, ids?: string[]): number {
  const newlyRead = loadedNotifications(loaded).filter(
    (notification) => !notification.read && (!ids || ids.includes(notification.id)),
  ).length;
  for (const notification of loaded.pages.flatMap((page) => page.list)) {
    if (!ids || ids.includes(notification.id)) notification.read = true;
  }
  return newlyRead;
}

/** The page after the last one loaded, while the server has more. */
export function nextPageOf(lastPage: NotificationPage, lastPageNumber: number): number | undefined {
  return lastPageNumber * lastPage.pageSize < lastPage.total ? lastPageNumber + 1 : undefined;
}
