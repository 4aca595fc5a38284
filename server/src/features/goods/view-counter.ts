import type { Db } from "../../db/database.js";
import type { PoolLog } from "../../db/postgres-pool.js";
import { addViews } from "./goods-repository.js";

const FLUSH_EVERY_MS = 1000;
/** Goods whose views one transaction writes. */
const CHUNK = 500;

/**
 * Views of goods counted in memory and written about every second and when the app closes, in
 * transactions of CHUNK goods each, instead of a write per detail request. A view shows at once in this process's
 * answers (`pending`); other processes see it after the next flush. If a write fails (database
 * away), its counts go back into memory for the next one.
 */
export class ViewCounter {
  readonly #pending = new Map<number, number>();
  #flushing: Promise<void> = Promise.resolve();
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly log: PoolLog,
  ) {
    this.#timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.#timer.unref();
  }

  count(goodsId: number): void {
    this.#pending.set(goodsId, (this.#pending.get(goodsId) ?? 0) + 1);
  }

  /** Views of these goods not yet written. */
  pending(goodsId: number): number {
    return this.#pending.get(goodsId) ?? 0;
  }

  /** Writes what is counted so far; one write at a time. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write());
    return this.#flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }

  async #write(): Promise<void> {
    if (this.#pending.size === 0) return;
    const views = [...this.#pending];
    this.#pending.clear();
    for (let start = 0; start < views.length; start += CHUNK) {
      // Between chunks the event loop takes other requests: on SQLite a chunk's updates run on
      // the main thread, and a second of details of many goods (8,000 of them under bench:traffic)
      // written at once held it for over 100 ms.
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      const chunk = views.slice(start, start + CHUNK);
      try {
        await addViews(this.db, chunk);
      } catch (error) {
        for (const [goodsId, count] of views.slice(start)) this.#pending.set(goodsId, this.pending(goodsId) + count);
        this.log.warn({ err: error }, "writing view counts failed; they are kept for the next try");
        return;
      }
    }
  }
}
