import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/**
 * A lease is held for this share of a job's period: the process that ran a job takes it again at
 * its next tick even if its timer runs a little late, while another process ticking in between
 * finds the lease held.
 */
const LEASE_SHARE = 0.9;

/** A job that runs every `everyMs`, once per period over all server processes. */
export interface PeriodicJob {
  /** Names the lease in Redis, so the same job on every process shares one. */
  name: string;
  everyMs: number;
  /** Runs at start-up too, not only a period later. */
  runAtStart?: boolean;
  run(): Promise<unknown>;
}

/**
 * Runs periodic jobs (purges, offer expiry, digests, the saved-search matcher). Every process
 * schedules each of them; with REDIS_URL set, a tick first takes the job's lease in Redis
 * (`SET NX PX`), so of N processes one runs a job per period instead of all N. The jobs claim
 * their rows with conditional updates as well, so when Redis is away and each process runs them
 * anyway, the cost is repeated work, never a repeated notice or mail.
 */
export class PeriodicJobs {
  readonly #redis: Redis | null;
  readonly #holder = randomBytes(8).toString("hex");
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #running = new Set<Promise<unknown>>();

  constructor(
    redisUrl: string | null,
    private readonly keyPrefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    // No offline queue: while Redis is away a lease fails at once and the job runs here.
    this.#redis = redisUrl
      ? new Redis(redisUrl, {
          lazyConnect: true,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          commandTimeout: 1000,
        })
      : null;
    this.#redis?.on("error", (error) => log.debug({ err: error }, "redis (job leases) unreachable"));
  }

  /** Connects to Redis before the first tick, so that starting processes do not all run every job. */
  async connect(): Promise<void> {
    await this.#redis
      ?.connect()
      .catch((error) => this.log.warn({ err: error }, "redis (job leases) not reachable yet"));
  }

  /** Runs the job every period until `close` (and now, with `runAtStart`), each time if its lease is free. */
  schedule(job: PeriodicJob): void {
    const timer = setInterval(() => void this.tick(job), job.everyMs);
    timer.unref();
    this.#timers.add(timer);
    if (job.runAtStart) void this.tick(job);
  }

  /** One tick: runs the job unless another process ran it within this period. Answers whether it ran. */
  async tick(job: PeriodicJob): Promise<boolean> {
    if (!(await this.#takeLease(job))) return false;
    const run = job.run().catch((error) => this.log.warn({ err: error, job: job.name }, "a periodic job failed"));
    this.#running.add(run);
    await run;
    this.#running.delete(run);
    return true;
  }

  /** Stops the timers and waits for the jobs running now. */
  async close(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    await Promise.allSettled(this.#running);
    if (this.#redis) await this.#redis.quit().catch(() => this.#redis?.disconnect());
  }

  async #takeLease(job: PeriodicJob): Promise<boolean> {
    if (!this.#redis) return true;
    if (this.#redis.status !== "ready") return true;
    const leaseMs = Math.max(1, Math.floor(job.everyMs * LEASE_SHARE));
    try {
      return (await this.#redis.set(`${this.keyPrefix}${job.name}`, this.#holder, "PX", leaseMs, "NX")) === "OK";
    } catch (error) {
      this.log.debug({ err: error, job: job.name }, "job lease not taken (redis away): running here");
      return true;
    }
  }
}
