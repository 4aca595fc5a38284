import { type ChatEvent, isChatSocketOpen, onChatEvent } from "./chat-socket";

/** What RTK Query's onCacheEntryAdded gives every cache entry: when it has its data, and when it goes. */
interface EntryLifetime {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
}

/** What it gives a cache entry that the socket keeps current. */
interface CacheEntry<Draft> extends EntryLifetime {
  updateCachedData(update: (data: Draft) => void): unknown;
}

/**
 * Keeps a chat's cache entry current from the socket for as long as it is cached. It listens from
 * the start: an event that comes while the entry's first read is on its way (read before the event
 * was) is kept and applied once the read is here. `changeFor` says what an event changes in the
 * entry (nothing: undefined); `readMissed` reads again what may have been pushed while the socket
 * was down, once it is open again (or opened during the first read); a failed try is retried at
 * the next opening.
 */
export async function feedFromSocket<Draft>(
  { updateCachedData, cacheDataLoaded, cacheEntryRemoved }: CacheEntry<Draft>,
  changeFor: (event: ChatEvent) => ((data: Draft) => void) | undefined,
  readMissed: () => Promise<unknown> | undefined,
): Promise<void> {
  let loaded = false;
  const early: ((data: Draft) => void)[] = [];
  let missedSome = !isChatSocketOpen();
  const catchUp = () => {
    missedSome = false;
    readMissed()?.catch(() => {
      missedSome = true;
    });
  };
  const stopListening = onChatEvent((event) => {
    if (event.kind === "disconnected") missedSome = true;
    else if (event.kind === "connected") {
      if (missedSome && loaded) catchUp();
    } else {
      const change = changeFor(event);
      if (!change) return;
      if (loaded) updateCachedData(change);
      else early.push(change);
    }
  });
  try {
    await cacheDataLoaded;
  } catch {
    stopListening();
    return; // removed before it loaded
  }
  loaded = true;
  if (early.length > 0)
    updateCachedData((data) => {
      for (const change of early) change(data);
    });
  // The socket opened while the first read was on its way: what came between the two is read now.
  if (missedSome && isChatSocketOpen()) catchUp();
  await cacheEntryRemoved;
  stopListening();
}

/**
 * For an entry whose frames go elsewhere (a chat's messages: into the chat state, from
 * chat-socket.ts): only `readMissed` after each reopening of the socket while the entry is cached,
 * and once the first read is here if the socket opened while it was on its way.
 */
export function catchUpWhileCached(entry: EntryLifetime, readMissed: () => Promise<unknown>): Promise<void> {
  return feedFromSocket({ ...entry, updateCachedData: () => undefined }, () => undefined, readMissed);
}
