import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "../config.js";
import { insertUsersBeforeMigration } from "../test-support/migration.js";
import { createServerData, type ServerData } from "../test-support/server-process.js";
import { createTestApp, type TestApp, testDatabase } from "../test-support/test-app.js";
import { CHORES } from "./chores.js";

/**
 * Each periodic chore is a job of its own: its own name (lease, log line, metrics series), run by
 * hand alone with `npm run job -- <name>`.
 */

let testApp: TestApp | undefined;
let data: ServerData | undefined;
/** The server of the test's own TestApp. */
let app: FastifyInstance;

afterEach(async () => {
  await testApp?.close();
  await data?.remove();
  testApp = data = undefined;
});

describe("the server's periodic jobs", () => {
  it("schedules every chore as a job of its own, with the features' own jobs", async () => {
    ({ app } = testApp = await createTestApp());
    const names = app.jobs.list().map((job) => job.name);
    expect(names).toEqual(expect.arrayContaining([...CHORES.map((chore) => chore.name), "saved-search-matcher"]));
    expect(new Set(names).size).toBe(names.length);
  });

  it("logs a failing job under its own name, and the others run", async () => {
    const lines: string[] = [];
    ({ app } = testApp = await createTestApp(
      { LOG_LEVEL: "debug" },
      { logStream: { write: (line) => lines.push(line) } },
    ));
    let ran = 0;
    const failing = {
      name: "fails",
      does: "fails",
      everyMs: 3_600_000,
      run: () => Promise.reject(new Error("磁盘已满")),
    };
    const working = { name: "works", does: "counts", everyMs: 3_600_000, run: async () => (ran += 1) };
    app.jobs.schedule(failing);
    app.jobs.schedule(working);
    await Promise.all([app.jobs.tick(failing), app.jobs.tick(working)]);
    expect(ran).toBe(1);
    const logged = lines.map((line) => JSON.parse(line) as { job?: string; msg: string; err?: { message: string } });
    expect(logged).toContainEqual(
      expect.objectContaining({
        job: "fails",
        msg: "periodic job fails failed",
        err: expect.objectContaining({ message: "磁盘已满" }),
      }),
    );
    expect(logged).toContainEqual(expect.objectContaining({ job: "works", msg: "periodic job works ran" }));
    expect(logged.filter((line) => line.job === "works" && /failed/.test(line.msg))).toEqual([]);
  });

  it("counts each job's runs in the metrics, by outcome", async () => {
    ({ app } = testApp = await createTestApp({ METRICS_TOKEN: "metrics-secret-1234567890" }));
    // A job of the test's own: the chores' runs at start end whenever they end.
    let fails = false;
    app.jobs.schedule({
      name: "counted",
      does: "counts",
      everyMs: 3_600_000,
      run: async () => {
        if (fails) throw new Error("失败");
      },
    });
    const runs = async (outcome: string) => {
      const answer = await app.inject({
        url: "/metrics",
        headers: { authorization: "Bearer metrics-secret-1234567890" },
      });
      const series = `periodic_job_duration_seconds_count{job="counted",outcome="${outcome}"}`;
      const line = answer.body.split("\n").find((row) => row.startsWith(series));
      return Number(line?.split(" ")[1] ?? 0);
    };
    expect(await app.jobs.runNow("counted")).toBe("ok");
    expect(await app.jobs.runNow("counted")).toBe("ok");
    fails = true;
    expect(await app.jobs.runNow("counted")).toBe("failed");
    expect([await runs("ok"), await runs("failed")]).toEqual([2, 1]);
  });

  it("refuses to schedule two jobs of one name (they would share a lease)", async () => {
    ({ app } = testApp = await createTestApp());
    const job = { name: "expire-offers", does: "again", everyMs: 1000, run: async () => {} };
    expect(() => app.jobs.schedule(job)).toThrow("expire-offers");
  });
});

describe("npm run job", () => {
  async function npmRunJob(args: string[], served: ServerData) {
    try {
      const { stdout } = await promisify(execFile)("npm", ["run", "-s", "job", "--", ...args], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: "", DEMO_DATA: "false", LOG_LEVEL: "silent", ...served.env },
      });
      return { code: 0, output: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, output: failed.stdout + failed.stderr };
    }
  }

  it("runs the job named, alone, on the server's data", async () => {
    data = await createServerData();
    const { db } = data;
    await sql`INSERT INTO captchas (id, answer, expires_at) VALUES ('old', '1234', '2020-01-01T00:00:00.000Z')`.execute(
      db,
    );
    const [userId] = await insertUsersBeforeMigration(db, ["ann"]);
    await sql`INSERT INTO notifications (user_id, kind, excerpt, created_at)
        VALUES (${userId}, 'system', '很久以前', '2020-01-01T00:00:00.000Z')`.execute(db);

    const ran = await npmRunJob(["purge-expired-codes"], data);
    expect(ran).toEqual({ code: 0, output: "purge-expired-codes: ok\n" });
    const captchas = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM captchas`.execute(db);
    expect(Number(captchas.rows[0]?.n)).toBe(0);
    // The old notification is another job's (purge-old-notifications): it stays.
    const notifications = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM notifications`.execute(db);
    expect(Number(notifications.rows[0]?.n)).toBe(1);
  }, 120_000);

  // The database plays no part in listing: registered on SQLite's run alone (each run of the
  // command builds the server anew), not skipped on PostgreSQL's, where nothing may skip.
  if (testDatabase() === "sqlite")
    it("lists the jobs, and refuses a name that is none of them", async () => {
      data = await createServerData();
      const listed = await npmRunJob([], data);
      expect(listed.code).toBe(0);
      for (const chore of CHORES) expect(listed.output).toContain(`${chore.name}: ${chore.does}`);
      const unknown = await npmRunJob(["purge-everything"], data);
      expect(unknown.code).toBe(2);
      expect(unknown.output).toContain("usage: npm run job -- <name>, one of: purge-expired-codes");
    }, 120_000);
});
