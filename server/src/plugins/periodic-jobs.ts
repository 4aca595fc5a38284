import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
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
  /** What it does, as `npm run job` lists it. */
  does: string;
  everyMs: number;
  /** Runs at start-up too, not only a period later. */
  runAtStart?: boolean;
  run(): Promise<unknown>;
}

export type RunOutcome = "ok" | "failed";
export type RunObserver = (job: string, outcome: RunOutcome, seconds: number) => void;

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
  readonly #jobs = new Map<string, PeriodicJob>();
  readonly #observers: RunObserver[] = [];

  constructor(
    redisUrl: string | null,
    private readonly keyPrefix: string,
    private readonly log: FastifyBaseLogger,
    /** Jobs are only run by hand (`npm run job`): no timers, no runs at start. */
    private readonly byHandOnly = false,
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
    // Its name is its lease, its log lines and its metrics series: two jobs cannot share one.
    if (this.#jobs.has(job.name)) throw new Error(`periodic job ${job.name} is scheduled twice`);
    this.#jobs.set(job.name, job);
    if (this.byHandOnly) return;
    const timer = setInterval(() => void this.tick(job), job.everyMs);
    timer.unref();
    this.#timers.add(timer);
    if (job.runAtStart) void this.tick(job);
  }

  /** One tick: runs the job unless another process ran it within this period. Answers whether it ran. */
  async tick(job: PeriodicJob): Promise<boolean> {
    if (!(await this.#takeLease(job))) return false;
    const run = this.#run(job);
    this.#running.add(run);
    await run;
    this.#running.delete(run);
    return true;
  }

  /** The jobs scheduled, in their order: each name and what it does. */
  list(): Pick<PeriodicJob, "name" | "does">[] {
    return [...this.#jobs.values()].map(({ name, does }) => ({ name, does }));
  }

  /** Runs the job named now, here, whatever its lease: by hand (`npm run job -- <name>`). */
  async runNow(name: string): Promise<RunOutcome> {
    const job = this.#jobs.get(name);
    if (!job) throw new Error(`no periodic job is named ${name}`);
    return this.#run(job);
  }

  /** Told of every run: its job, whether it failed, and how long it took (metrics.ts). */
  observe(observer: RunObserver): void {
    this.#observers.push(observer);
  }

  /** Runs the job, logging its outcome under its own name: a failure stops no other job. */
  async #run(job: PeriodicJob): Promise<RunOutcome> {
    const started = performance.now();
    let outcome: RunOutcome = "ok";
    try {
      await job.run();
    } catch (error) {
      outcome = "failed";
      this.log.warn({ err: error, job: job.name }, `periodic job ${job.name} failed`);
    }
    const seconds = (performance.now() - started) / 1000;
    if (outcome === "ok") this.log.debug({ job: job.name, seconds }, `periodic job ${job.name} ran`);
    for (const observer of this.#observers) observer(job.name, outcome, seconds);
    return outcome;
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
