/**
 * npm run bench:search: search latency through HTTP against the real product server, next to the
 * engine's floor (the same SQL statements run straight on the database, see search-floor.ts), at
 * several catalogue sizes on SQLite and PostgreSQL. Writes bench/search.md.
 *
 * Settings (environment):
 * - BENCH_SEARCH_SIZES   goods in the catalogue, comma-separated (default 100000,1000000)
 * - BENCH_DATABASES      sqlite,postgres (default both; PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL)
 * - BENCH_CONNECTIONS    concurrent requests, comma-separated (default 1,8): HTTP connections, and
 *                        as many replays in flight for the floor
 * - BENCH_REQUESTS       requests per keyword, concurrency and run (default 100)
 * - BENCH_RUNS           interleaved runs (default 3)
 * - BENCH_KEYWORDS       keywords separated by "|" (default the 20 below)
 * - BENCH_KEEP=1         keep the generated data (SQLite files in the temp folder, PostgreSQL schemas
 *                        bench_search_keep_<size>) and reuse it next time: for development only
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import type { DatabaseTarget } from "../src/db/database.js";
import { serverDatabaseUrl } from "../src/test-support/server-process.js";
import { benchCommand, runBench, writeBenchReport } from "./bench-databases.js";
import { type BenchServer, startProductServer } from "./bench-servers.js";
import { fillPostgres, fillSqlite } from "./bulk-load.js";
import { describeMachine, loadAverage } from "./http-report.js";
import { openFloor, type Replay } from "./search-floor.js";
import { type Measurement, type Series, searchReport } from "./search-report.js";

const list = (value: string | undefined, fallback: string, separator = ",") =>
  (value ?? fallback).split(separator).filter(Boolean);
const SIZES = list(process.env.BENCH_SEARCH_SIZES, "100000,1000000").map(Number);
const DATABASES = list(process.env.BENCH_DATABASES, "sqlite,postgres");
const CONNECTIONS = list(process.env.BENCH_CONNECTIONS, "1,8").map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const KEEP = process.env.BENCH_KEEP === "1";
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/**
 * Chinese and Latin, 1 to 6 characters, common (thousands of matches at 100k goods, past the
 * total's cap at 1M) and rare (tens), one word and two. catalogue.ts makes the goods they find.
 */
const DEFAULT_KEYWORDS = [
  "机",
  "琴",
  "手机",
  "乐高",
  "包邮",
  "徕卡",
  "ps",
  "PS5",
  "九成新",
  "自行车",
  "无人机",
  "索尼吉他",
  "机械键盘",
  "黑胶唱片",
  "几乎没用过",
  "电子书阅读器",
  "iPhone",
  "Leica",
  "九成新 乐高",
  "苹果 手机",
];
const KEYWORDS = list(process.env.BENCH_KEYWORDS, DEFAULT_KEYWORDS.join("|"), "|");

/** One request: resolves once the whole answer has arrived. */
type Request = () => Promise<void>;

/** `total` requests from `connections` loops, each waiting for its answer before the next. */
async function latencies(request: Request, connections: number, total: number): Promise<number[]> {
  const times: number[] = [];
  let left = total;
  const loop = async () => {
    while (left > 0) {
      left--;
      const start = performance.now();
      await request();
      times.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return times;
}

/** GET over a keep-alive agent, without compression (as bench:http asks), reading the body to its end. */
function httpRequester(baseUrl: string, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const get = (pathAndQuery: string) =>
    new Promise<string>((resolve, reject) => {
      const request = http.get(`${baseUrl}${pathAndQuery}`, { agent, headers: { "accept-encoding": "identity" } });
      request.on("error", reject);
      request.on("response", (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks).toString();
          if (response.statusCode === 200) resolve(body);
          else reject(new Error(`${pathAndQuery} answered ${response.statusCode}: ${body}`));
        });
      });
    });
  return { get, close: () => agent.destroy() };
}

const searchPath = (keyword: string) => `/api/goods/search/list?keyword=${encodeURIComponent(keyword)}`;

interface Target {
  database: string;
  size: number;
  db: DatabaseTarget;
  serverEnv: Record<string, string>;
}

/** Every keyword at every concurrency, HTTP then floor, RUNS rounds: each pair side by side. */
async function measureTarget(target: Target): Promise<Series[]> {
  const server: BenchServer = await startProductServer(target.serverEnv);
  const maxConnections = Math.max(...CONNECTIONS);
  const floor = openFloor(target.db, maxConnections);
  const client = httpRequester(server.url, maxConnections);
  try {
    const keywords = [];
    for (const keyword of KEYWORDS) {
      const reply = JSON.parse(await client.get(searchPath(keyword))) as {
        data: { total: number; totalCapped?: boolean };
      };
      const replay: Replay = floor.replayer(await floor.capture(keyword));
      // Warm-up: caches, the server's JIT, the database's pages.
      await latencies(() => client.get(searchPath(keyword)).then(() => undefined), 1, 5);
      await latencies(replay, 1, 5);
      keywords.push({ keyword, total: reply.data.total, capped: reply.data.totalCapped === true, replay });
    }
    const series: Series[] = keywords.flatMap(({ keyword, total, capped }) =>
      CONNECTIONS.map((connections) => ({
        database: target.database,
        size: target.size,
        keyword,
        total,
        capped,
        connections,
        http: [] as Measurement[],
        floor: [] as Measurement[],
      })),
    );
    for (let run = 1; run <= RUNS; run++) {
      for (const [i, { keyword, replay }] of keywords.entries()) {
        for (const [j, connections] of CONNECTIONS.entries()) {
          const entry = series[i * CONNECTIONS.length + j] as Series;
          const request = () => client.get(searchPath(keyword)).then(() => undefined);
          entry.http.push({ times: await latencies(request, connections, REQUESTS) });
          entry.floor.push({ times: await latencies(replay, connections, REQUESTS) });
        }
      }
      console.log(`${target.database} ${target.size}: run ${run} of ${RUNS} done`);
    }
    return series;
  } finally {
    client.close();
    await floor.close();
    await server.stop();
  }
}

/**
 * Environment of a product server: its own data folder, no demo data, limits out of the way, and
 * the answer cache off: the same keyword is asked again and again here, which the cache would
 * answer from memory, and what is set against the floor is the search itself.
 */
function productEnv(dataDir: string, databaseUrl?: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    REDIS_URL: "",
    DEMO_DATA: "false",
    LOG_LEVEL: "warn",
    RATE_LIMIT_MULTIPLIER: "100000",
    RESPONSE_CACHE_MS: "0",
  };
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

async function benchSqlite(dir: string, size: number): Promise<Series[]> {
  const dataDir = KEEP
    ? path.join(os.tmpdir(), `xianzhi-search-bench-${size}`)
    : await fs.mkdtemp(path.join(dir, "sqlite-"));
  const file = path.join(dataDir, "xianzhi.db");
  const kept =
    KEEP &&
    (await fs.stat(file).then(
      () => true,
      () => false,
    ));
  if (!kept) {
    const started = performance.now();
    await fs.mkdir(dataDir, { recursive: true });
    await fillSqlite(file, size);
    console.log(`SQLite: ${size} goods written in ${seconds(started)}`);
  }
  return measureTarget({ database: "SQLite", size, db: { sqliteFile: file }, serverEnv: productEnv(dataDir) });
}

async function runSql(url: string, statement: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}

async function benchPostgres(url: string, dir: string, size: number): Promise<Series[]> {
  const schema = KEEP ? `bench_search_keep_${size}` : `bench_search_${randomBytes(4).toString("hex")}`;
  const dropSchema = () => runSql(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  // The generated goods must not stay behind in the shared database when the run is stopped with
  // Ctrl-C; the SIGINT can come twice (the terminal's, and npm passing it on).
  let dropping = false;
  const dropAndExit = () => {
    if (dropping) return;
    dropping = true;
    void dropSchema().finally(() => process.exit(130));
  };
  if (!KEEP) process.on("SIGINT", dropAndExit);
  try {
    const kept = KEEP && (await runSql(url, `SELECT 1 FROM pg_namespace WHERE nspname = '${schema}'`)) === 1;
    if (!kept) {
      const started = performance.now();
      await fillPostgres(url, schema, size);
      console.log(`PostgreSQL: ${size} goods written in ${seconds(started)}`);
    }
    const db = { postgresUrl: url, postgresSchema: schema };
    const dataDir = await fs.mkdtemp(path.join(dir, "postgres-"));
    return await measureTarget({
      database: "PostgreSQL",
      size,
      db,
      serverEnv: productEnv(dataDir, serverDatabaseUrl(db)),
    });
  } finally {
    if (!KEEP) {
      process.off("SIGINT", dropAndExit);
      await dropSchema();
    }
  }
}

async function main(): Promise<void> {
  const started = new Date();
  const loadAtStart = loadAverage();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-search-bench-"));
  const series: Series[] = [];
  try {
    for (const size of SIZES) {
      if (DATABASES.includes("sqlite")) series.push(...(await benchSqlite(dir, size)));
      if (DATABASES.includes("postgres")) {
        if (postgresUrl) series.push(...(await benchPostgres(postgresUrl, dir, size)));
        else console.log("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL");
      }
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  const text = searchReport(series, {
    command: benchCommand("bench:search"),
    date: started.toISOString(),
    machine: describeMachine(),
    load: `${loadAtStart} at the start, ${loadAverage()} at the end`,
    requests: REQUESTS,
    runs: RUNS,
  });
  await writeBenchReport("search", text);
}

runBench(main);
