/**
 * npm run bench:url-times: each request of the real traffic (traffic-urls.ts) alone, one after
 * another, answer cache off: how long the product takes for a list or a search on its own, the
 * slowest URLs by name. The target is a bound on every one (issue 28: 20 ms on SQLite, 40 ms on
 * PostgreSQL), so the report lists the slowest, not only percentiles. Writes bench/url-times.md.
 *
 * Settings: BENCH_GOODS (1000000), BENCH_URLS (400 of each kind), BENCH_DATABASES (sqlite,postgres),
 * BENCH_SEED (2026), BENCH_SLOWEST (15 listed per kind and database).
 */
import { performance } from "node:perf_hooks";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import {
  type BenchDatabase,
  benchCommand,
  benchDatabases,
  runBench,
  withBenchDatabase,
  writeBenchReport,
} from "./bench-databases.js";
import { loadAverage, runLines } from "./http-report.js";
import { percentile } from "./mixed-report.js";
import { type TrafficKind, trafficUrls } from "./traffic-urls.js";

const COUNT = Number(process.env.BENCH_GOODS ?? 1_000_000);
const URLS = Number(process.env.BENCH_URLS ?? 400);
const SEED = Number(process.env.BENCH_SEED ?? 2026);
const SLOWEST = Number(process.env.BENCH_SLOWEST ?? 15);
const KINDS: TrafficKind[] = ["lists", "searches", "details"];

interface Timed {
  url: string;
  ms: number;
  status: number;
}

/** Each URL timed twice: first asked (nothing held: a search's matches are read then) and asked again. */
async function timeUrls(env: Record<string, string>, kind: TrafficKind): Promise<{ first: Timed[]; again: Timed[] }> {
  const config = loadConfig({ ...env, RESPONSE_CACHE_MS: "0" });
  const app = await buildApp({ ...config, webDist: null }, { logger: false });
  try {
    const next = trafficUrls(kind, COUNT, SEED);
    // Distinct URLs only: a repeated one would be timed twice for the same work.
    const urls = [...new Set(Array.from({ length: URLS * 2 }, next))].slice(0, URLS);
    const timeEach = async () => {
      const timed: Timed[] = [];
      for (const url of urls) {
        const started = performance.now();
        const response = await app.inject({ method: "GET", url });
        timed.push({ url, ms: performance.now() - started, status: response.statusCode });
      }
      return timed;
    };
    // The first pass also prepares every statement and brings the pages the URLs read into memory.
    const first = await timeEach();
    return { first, again: await timeEach() };
  } finally {
    await app.close();
  }
}

/** p50, p90, p99 and max of the times, and how many answers were not 200. */
function figures(timed: Timed[]): string {
  const times = timed.map((entry) => entry.ms);
  const failed = timed.filter((entry) => entry.status !== 200);
  const figure = (q: number) => percentile(times, q).toFixed(1);
  return `p50 ${figure(0.5)} ms, p90 ${figure(0.9)} ms, p99 ${figure(0.99)} ms, max ${Math.max(...times).toFixed(1)} ms, ${failed.length} not 200`;
}

const slowestRows = (timed: Timed[], count: number) =>
  [...timed]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((entry) => `| ${entry.ms.toFixed(1)} | \`${decodeURIComponent(entry.url)}\` |`);

function section(database: BenchDatabase, kind: TrafficKind, { first, again }: { first: Timed[]; again: Timed[] }) {
  return [
    `### ${kind}, ${database}, asked again: ${figures(again)}`,
    "",
    `First asked: ${figures(first)}; its slowest five first, then the slowest asked again.`,
    "",
    "| ms | URL |",
    "|---:|---|",
    ...slowestRows(first, 5),
    "| | |",
    ...slowestRows(again, SLOWEST),
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  const started = new Date();
  const loadAtStart = loadAverage();
  const sections: string[] = [];
  for (const name of benchDatabases()) {
    await withBenchDatabase(name, "urls", { count: COUNT, logLevel: "silent" }, async (database) => {
      for (const kind of KINDS) {
        const timed = await timeUrls(database.productEnv, kind);
        const text = section(name, kind, timed);
        console.log(text);
        sections.push(text);
      }
    });
  }
  await writeBenchReport(
    "url-times",
    [
      `## One request at a time: ${URLS} distinct URLs of each kind, ${COUNT.toLocaleString("en")} goods, answer cache off`,
      "",
      ...runLines(benchCommand("bench:url-times"), started, loadAtStart),
      "- Each URL (server/bench/traffic-urls.ts) timed twice through Fastify's inject in the process (routing, validation, queries, serialization; no network): first asked, when its statement may be new and nothing of it is held (on SQLite a search's matches are read then, match-sets.ts), and asked again",
      "",
      ...sections,
    ].join("\n"),
  );
}

runBench(main);
