import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createServerData,
  type ServerData,
  type ServerProcess,
  startServer,
  stopServer,
  waitUntil,
} from "./test-support/server-process.js";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLUSTER = "src/cluster.ts";

let data: ServerData;
let cluster: ServerProcess | undefined;

beforeAll(async () => {
  data = await createServerData();
});
afterAll(async () => {
  await stopServer(cluster);
  await data?.remove();
});

/** The log lines of the command's processes, parsed. */
function logLines(server: ServerProcess): { pid: number; msg: string }[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line));
}

const readyWorkers = (server: ServerProcess) =>
  logLines(server)
    .filter((line) => line.msg.includes("is ready at"))
    .map((line) => line.pid);

/** The workers that answered requests, in order. */
const answeringWorkers = (server: ServerProcess) =>
  logLines(server)
    .filter((line) => line.msg === "request completed")
    .map((line) => line.pid);

/** A GET on a connection of its own, as a new client's: the cluster hands each connection to a worker. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on("error", reject);
  });
}

async function statuses(server: ServerProcess, count: number): Promise<number[]> {
  const answered: number[] = [];
  for (let i = 0; i < count; i += 1) answered.push(await statusOf(`${server.url}/api/health/ready`));
  return answered;
}

/** Runs the command until it exits by itself: what it printed and its exit code. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=source", CLUSTER], {
    cwd: serverDir,
    env: { ...inherited, DATA_DIR: data.dataDir, PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

describe("npm run start:cluster", () => {
  it("refuses to start without PostgreSQL and Redis, saying why", async () => {
    const neither = await runToExit({});
    expect(neither.code).toBe(1);
    expect(neither.output).toContain("npm run start:cluster needs DATABASE_URL and REDIS_URL");
    expect(neither.output).toContain("SQLite serves one process only");

    const noRedis = await runToExit({ DATABASE_URL: data.env.DATABASE_URL as string });
    expect(noRedis.code).toBe(1);
    expect(noRedis.output).toContain("npm run start:cluster needs REDIS_URL");
  });

  it("answers on one port from every worker, replaces a worker that dies, and stops on SIGTERM", async () => {
    const env = {
      ...data.env,
      REDIS_URL: process.env.TEST_REDIS_URL as string,
      REDIS_CHANNEL: `xianzhi:test:${randomBytes(4).toString("hex")}`,
      WORKERS: "2",
    };
    const server = await startServer(env, CLUSTER);
    cluster = server;
    await waitUntil(() => readyWorkers(server).length === 2, 30_000);
    const workers = readyWorkers(server);

    expect(await statuses(server, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    // Connections are handed to the workers in turn.
    await waitUntil(() => answeringWorkers(server).length === 6, 5_000);
    expect(new Set(answeringWorkers(server))).toEqual(new Set(workers));

    process.kill(workers[0] as number, "SIGKILL");
    await waitUntil(() => server.output().includes("a worker died: starting another"), 10_000);
    expect(await statuses(server, 4)).toEqual([200, 200, 200, 200]);
    await waitUntil(() => readyWorkers(server).length === 3, 30_000);
    const replacement = readyWorkers(server)[2] as number;
    const before = answeringWorkers(server).length;
    expect(await statuses(server, 4)).toEqual([200, 200, 200, 200]);
    await waitUntil(() => answeringWorkers(server).length === before + 4, 5_000);
    expect(answeringWorkers(server).slice(before)).toContain(replacement);

    server.child.kill("SIGTERM");
    await server.exited;
    expect(server.child.exitCode).toBe(0);
    for (const pid of [workers[1] as number, replacement]) expect(() => process.kill(pid, 0)).toThrow();
  }, 90_000);
});
