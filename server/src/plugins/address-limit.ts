import type { onRequestHookHandler } from "fastify";

/** Addresses counted at most; past it the one whose window began first is dropped (as the plugin's LRU of 5,000 does). */
const ADDRESSES_MAX = 10_000;

/**
 * Calls per key in fixed windows, as @fastify/rate-limit's own store counts them, but checked
 * synchronously: the limit every /api call passes costs a Map lookup, not the plugin's chain of
 * promises. Used when the counts stay in this process (no Redis).
 */
export class WindowCounter {
  readonly #windows = new Map<string, { calls: number; endsAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts a call; the seconds until the window ends when this call is past the limit, else 0. */
  count(key: string, now = Date.now()): number {
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      // A new window goes to the end of the Map, which so stays ordered by when windows began.
      this.#windows.delete(key);
      if (this.#windows.size >= ADDRESSES_MAX) this.#windows.delete(this.#windows.keys().next().value as string);
      window = { calls: 0, endsAt: now + this.windowMs };
      this.#windows.set(key, window);
    }
    window.calls += 1;
    return window.calls > this.max ? Math.max(1, Math.ceil((window.endsAt - now) / 1000)) : 0;
  }
}

/** An onRequest hook counting each call by `keyOf` and refusing it with `refusal` past the limit. */
export function windowLimit(
  counter: WindowCounter,
  keyOf: (req: Parameters<onRequestHookHandler>[0]) => string,
  refusal: (retryAfterSeconds: number) => Error,
): onRequestHookHandler {
  return (req, _reply, done) => {
    const wait = counter.count(keyOf(req));
    done(wait > 0 ? refusal(wait) : undefined);
  };
}
