/**
 * npm run bench:traffic: the product under the traffic real people send (traffic-urls.ts: many
 * distinct URLs, each kind alone and the mix), side by side with raw Node in the same run, on
 * SQLite and PostgreSQL, at each catalogue size, with the answer cache on and off. Per run: req/s
 * and its ratio to raw Node, p50 / p99, failed answers, the product's event-loop delay and its
 * largest resident memory. Writes bench/traffic.md.
 *
 * Settings: BENCH_SIZES (1000000,2000000 goods), BENCH_SECONDS (10 a run), BENCH_RUNS (1),
 * BENCH_CONNECTIONS (50), BENCH_KINDS (mix,lists,searches,details), BENCH_CACHE (on,off),
 * BENCH_DATABASES (sqlite,postgres), BENCH_SEED (2026), BENCH_LOG_LEVEL (warn).
 */
import fs from "node:fs";
import autocannon from "autocannon";
import {
  type BenchDatabase,
  benchCommand,
  benchDatabases,
  runBench,
  withBenchDatabase,
  writeBenchReport,
} from "./bench-databases.js";
import { type EventLoopDelay, type ProbedServer, startProductServer, startRawServer } from "./bench-servers.js";
import { loadAverage, runLines, spread } from "./http-report.js";
import { type TrafficKind, trafficUrls } from "./traffic-urls.js";

const SIZES = (process.env.BENCH_SIZES ?? "1000000,2000000").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const KINDS = (process.env.BENCH_KINDS ?? "mix,lists,searches,details").split(",") as TrafficKind[];
const CACHE = (process.env.BENCH_CACHE ?? "on,off").split(",") as ("on" | "off")[];
const SEED = Number(process.env.BENCH_SEED ?? 2026);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? "warn";
/** The raw server's answer to every URL: the product's list page (about 16 kB), as recorded. */
const RAW_REPLY_PATH = "/api/goods/getlist";

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

interface TrafficResult {
  database: BenchDatabase;
  goods: number;
  kind: TrafficKind;
  cache: "on" | "off";
  product: Figures[];
  raw: Figures[];
  loopDelay: EventLoopDelay[];
  rssMb: number[];
}

/** The process's resident memory in MB (Linux), its largest over a run sampled every 250 ms. */
function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function load(url: string, next: () => string, pid?: number): Promise<{ figures: Figures; rssMb: number }> {
  let rssMb = pid ? residentMb(pid) : 0;
  const sampler = pid ? setInterval(() => (rssMb = Math.max(rssMb, residentMb(pid))), 250) : undefined;
  try {
    const result = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: next() }) }],
    });
    return {
      figures: {
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failures: result.non2xx + result.errors + result.timeouts,
      },
      rssMb,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function measure(database: BenchDatabase, goods: number, env: Record<string, string>): Promise<TrafficResult[]> {
  const servers: Partial<Record<"on" | "off", ProbedServer>> = {};
  let raw: ProbedServer | undefined;
  try {
    for (const cache of CACHE)
      servers[cache] = await startProductServer(cache === "on" ? env : { ...env, RESPONSE_CACHE_MS: "0" });
    const any = Object.values(servers)[0] as ProbedServer;
    const response = await fetch(`${any.url}${RAW_REPLY_PATH}`, { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await response.arrayBuffer());
    raw = await startRawServer({
      "*": { contentType: response.headers.get("content-type") ?? "application/json", body: body.toString("base64") },
    });
    const results: TrafficResult[] = [];
    for (const kind of KINDS) {
      for (const cache of CACHE) {
        const product = servers[cache] as ProbedServer;
        const result: TrafficResult = { database, goods, kind, cache, product: [], raw: [], loopDelay: [], rssMb: [] };
        // Each run sends the same URLs to both (the seed): the raw server answers them all alike.
        for (let run = 0; run < RUNS; run++) {
          const seed = SEED + run;
          result.raw.push((await load(raw.url, trafficUrls(kind, goods, seed))).figures);
          await product.eventLoopDelay({ reset: true });
          const measured = await load(product.url, trafficUrls(kind, goods, seed), product.pid);
          result.loopDelay.push(await product.eventLoopDelay());
          result.product.push(measured.figures);
          result.rssMb.push(measured.rssMb);
          const rate = (figures: Figures[]) => Math.round(figures.at(-1)?.requestsPerSecond ?? 0);
          console.log(
            `${database} ${goods} ${kind} cache ${cache}: ${rate(result.product)} / ${rate(result.raw)} req/s, p99 ${measured.figures.p99} ms`,
          );
        }
        results.push(result);
      }
    }
    return results;
  } finally {
    await raw?.stop();
    for (const server of Object.values(servers)) await server?.stop();
  }
}

const median = (values: number[]) => spread(values).median;
const whole = (value: number) => Math.round(value).toLocaleString("en");

function table(results: TrafficResult[]): string {
  const rows = results.map((result) => {
    const product = median(result.product.map((figures) => figures.requestsPerSecond));
    const raw = median(result.raw.map((figures) => figures.requestsPerSecond));
    const delay = result.loopDelay;
    return `| ${result.kind} | ${result.database} | ${result.goods.toLocaleString("en")} | ${result.cache} | ${whole(product)} | ${whole(raw)} | ${((100 * product) / raw).toFixed(1)}% | ${median(result.product.map((f) => f.p50))} / ${median(result.product.map((f) => f.p99))} | ${median(delay.map((d) => d.p99Ms)).toFixed(0)} / ${median(delay.map((d) => d.maxMs)).toFixed(0)} | ${whole(Math.max(...result.rssMb))} | ${result.product.reduce((sum, f) => sum + f.failures, 0)} |`;
  });
  return [
    "| traffic | database | goods | answer cache | product req/s | raw req/s | product/raw | product p50 / p99 ms | event-loop delay p99 / max ms | largest RSS MB | failed answers |",
    "|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
}

function report(results: TrafficResult[], loadAtStart: string, started: Date): string {
  return [
    "## Real traffic: distinct URLs against raw Node",
    "",
    ...runLines(benchCommand("bench:traffic"), started, loadAtStart),
    `- autocannon, ${CONNECTIONS} connections, ${SECONDS} s a run, ${RUNS} run${RUNS === 1 ? "" : "s"} each (the median shown); every request a URL of its own from server/bench/traffic-urls.ts (seed ${SEED}): the mix is 35% lists, 35% details, 30% searches, as described there`,
    "- Raw: a Node `http` server answering every URL with the product's recorded list page, in the same run; product/raw divides their req/s",
    "- Answer cache on: the product as `npm start` runs it (`RESPONSE_CACHE_MS` 1 s); off: a second product process with `RESPONSE_CACHE_MS=0`",
    "- Event-loop delay: measured inside the product's process over the run (10 ms resolution); RSS: the product's resident memory, its largest over the run",
    "",
    table(results),
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  const started = new Date();
  const loadAtStart = loadAverage();
  const results: TrafficResult[] = [];
  for (const name of benchDatabases()) {
    for (const goods of SIZES) {
      results.push(
        ...(await withBenchDatabase(name, "traffic", { count: goods, logLevel: LOG_LEVEL }, (database) =>
          measure(name, goods, database.productEnv),
        )),
      );
    }
  }
  await writeBenchReport("traffic", report(results, loadAtStart, started));
}

runBench(main);
