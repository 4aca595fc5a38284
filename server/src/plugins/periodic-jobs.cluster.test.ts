import { randomBytes } from "node:crypto";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { redisServer } from "../test-support/redis-server.js";
import { type PeriodicJob, PeriodicJobs } from "./periodic-jobs.js";

const log = pino({ level: "silent" });
const opened: PeriodicJobs[] = [];

/** The job scheduler of one server process; the processes of a test share a key prefix. */
async function processJobs(redisUrl: string | null, prefix: string): Promise<PeriodicJobs> {
  const jobs = new PeriodicJobs(redisUrl, prefix, log);
  opened.push(jobs);
  await jobs.connect();
  return jobs;
}

/** A job counting its runs, as each process would schedule it. */
function countingJob(everyMs: number): PeriodicJob & { runs: number } {
  const job = {
    name: "count",
    does: "counts its runs",
    everyMs,
    runs: 0,
    run: async () => {
      job.runs += 1;
    },
  };
  return job;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((jobs) => jobs.close()));
});

describe("periodic jobs on several processes sharing Redis", () => {
  it("run once per period however many processes tick", async () => {
    const prefix = `xianzhi:test:${randomBytes(4).toString("hex")}:job:`;
    const processes = await Promise.all([1, 2, 3].map(() => processJobs(process.env.TEST_REDIS_URL as string, prefix)));
    const job = countingJob(1000);

    const first = await Promise.all(processes.map((jobs) => jobs.tick(job)));
    expect(first.filter(Boolean)).toHaveLength(1);
    // Ticks later in the same period (another process's timer) find the job done.
    expect(await Promise.all(processes.map((jobs) => jobs.tick(job)))).toEqual([false, false, false]);
    expect(job.runs).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, job.everyMs));
    const next = await Promise.all(processes.map((jobs) => jobs.tick(job)));
    expect(next.filter(Boolean)).toHaveLength(1);
    expect(job.runs).toBe(2);
  });

  it("run on every tick without Redis (one process) and while Redis is away", async () => {
    const alone = await processJobs(null, "unused:");
    const job = countingJob(60_000);
    expect([await alone.tick(job), await alone.tick(job)]).toEqual([true, true]);

    const redis = await redisServer({ running: false });
    const cut = await processJobs(redis.url, "xianzhi:test:away:");
    expect(await cut.tick(job)).toBe(true);
    expect(job.runs).toBe(3);
  });
});
