/**
 * npm run bench:mixed: BENCH_CLIENTS (200) signed-in clients sending a marketplace's mix of reads
 * and writes (mixed-load.ts MIX) for BENCH_SECONDS (30) to the real product, then the same clients
 * for as long to a raw Node server answering each kind with the product's recorded bytes, BENCH_RUNS
 * (3) times interleaved, on SQLite and PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL).
 * Latency p50/p99 per kind and overall; the product's event-loop delay, measured in its process.
 * Writes bench/mixed.md.
 *
 * Settings: BENCH_GOODS (100000 goods, bulk-loaded), BENCH_USERS (1000 users with a session each,
 * the goods spread over them as sellers), BENCH_FAVORITES (20 per user), BENCH_THINK_MS (500: each
 * client waits 0-1000 ms between requests), BENCH_DATABASES (sqlite,postgres), BENCH_LOG_LEVEL (warn),
 * BENCH_CPU_PROFILE (a folder: the product writes a V8 CPU profile of its whole life there).
 */
import fs from "node:fs/promises";
import http from "node:http";
import {
  type BenchDatabase,
  benchCommand,
  benchDatabases,
  type FilledDatabase,
  runBench,
  withBenchDatabase,
  writeBenchReport,
} from "./bench-databases.js";
import { type FixedReply, type ProbedServer, startProductServer, startRawServer } from "./bench-servers.js";
import { type Population, populate } from "./bench-users.js";
import { loadAverage, runLines } from "./http-report.js";
import { type Client, createClients, MIX, runClients, send } from "./mixed-load.js";
import { latencyTable, type MixedResult, summaryTable } from "./mixed-report.js";

const COUNT = Number(process.env.BENCH_GOODS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const USERS = Math.max(CLIENTS, Number(process.env.BENCH_USERS ?? 1000));
const FAVORITES = Number(process.env.BENCH_FAVORITES ?? 20);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 500);
const WARM_UP_SECONDS = Math.min(5, SECONDS);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? "warn";
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE;

/** Each client opens two chats about a goods of another user, so the chat list has something to list. */
async function openChats(product: ProbedServer, clients: Client[], population: Population): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const n = population.users.length;
  const queue = clients.flatMap((client) =>
    [1, 2].map((k) => {
      const peerIndex = (client.index + k * 37) % n;
      const peer = population.users[peerIndex] as Population["users"][number];
      const body = { peerId: String(peer.id), goodsId: String(1 + peerIndex + n) };
      return () =>
        send(
          agent,
          product.url,
          { method: "POST", path: "/api/mychatlist/create", body, signedIn: true },
          client.token,
        );
    }),
  );
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await next();
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  agent.destroy();
}

const fixedPath = (kindIndex: number) => `/kind/${kindIndex}`;

/** One answer of the product to each kind, for the raw server to send back byte for byte. */
async function recordReplies(product: ProbedServer, client: Client, population: Population) {
  const agent = new http.Agent({ keepAlive: true });
  const replies: Record<string, FixedReply> = {};
  for (const [i, kind] of MIX.entries()) {
    const answer = await send(agent, product.url, kind.call(client, population), client.token);
    if (answer.status >= 300) throw new Error(`${kind.name} answered ${answer.status}: ${answer.body}`);
    replies[fixedPath(i)] = { contentType: answer.contentType, body: answer.body.toString("base64") };
  }
  agent.destroy();
  return replies;
}

async function measure(database: FilledDatabase): Promise<MixedResult> {
  const population = await populate(database.target, {
    users: USERS,
    goodsCount: COUNT,
    favoritesPerUser: FAVORITES,
    heavyFavorites: 0,
    sellersFilled: true,
  });
  const clients = createClients(population, CLIENTS);
  const product = await startProductServer(database.productEnv);
  const raw = await startRawServer(await recordReplies(product, clients[0] as Client, population)).catch(
    async (error: unknown) => {
      await product.stop();
      throw error;
    },
  );
  try {
    await openChats(product, clients, population);
    const rawTarget = { url: raw.url, fixedPathOf: (kind: (typeof MIX)[number]) => fixedPath(MIX.indexOf(kind)) };
    await runClients(product, clients, population, WARM_UP_SECONDS, THINK_MS);
    await runClients(rawTarget, clients, population, WARM_UP_SECONDS, THINK_MS);
    const result: MixedResult = { database: database.name, product: [], raw: [], eventLoop: [], rawEventLoop: [] };
    for (let run = 1; run <= RUNS; run++) {
      await product.eventLoopDelay({ reset: true });
      result.product.push(await runClients(product, clients, population, SECONDS, THINK_MS));
      result.eventLoop.push(await product.eventLoopDelay());
      await raw.eventLoopDelay({ reset: true });
      result.raw.push(await runClients(rawTarget, clients, population, SECONDS, THINK_MS));
      result.rawEventLoop.push(await raw.eventLoopDelay());
      const last = (runs: typeof result.product) => {
        const latest = runs[runs.length - 1];
        return latest ? Math.round(latest.requests / latest.seconds) : 0;
      };
      const loop = result.eventLoop[result.eventLoop.length - 1];
      console.log(
        `${database.name} run ${run}: ${last(result.product)} / ${last(result.raw)} req/s, event loop max ${loop?.maxMs.toFixed(0)} ms, load ${loadAverage()}`,
      );
    }
    return result;
  } finally {
    await raw.stop();
    await product.stop();
  }
}

function report(results: MixedResult[], loadAtStart: string, started: Date): string {
  const total = MIX.reduce((sum, kind) => sum + kind.weight, 0);
  const mix = MIX.map((kind) => `${kind.name} ${((kind.weight / total) * 100).toFixed(1)}%`).join(", ");
  return [
    `## Mixed load: ${CLIENTS} clients reading and writing, ${COUNT.toLocaleString("en")} goods`,
    "",
    ...runLines(benchCommand("bench:mixed"), started, loadAtStart),
    `- ${CLIENTS} clients, each a signed-in user of ${USERS.toLocaleString("en")} (made in bulk, the goods spread over them as sellers, ${FAVORITES} favourites each, two chats each), one kept-alive connection each, waiting 0–${2 * THINK_MS} ms (uniform) before the first request and between an answer and the next request; ${SECONDS} s per run, ${RUNS} runs per server, interleaved (product, raw, product, raw…) after a ${WARM_UP_SECONDS} s warm-up each; no compression asked for`,
    `- Mix (share of requests): ${mix}. Sign-ins check the password (scrypt) and the client uses the new token from then on`,
    "- Product: the real server in a process of its own (log level warn, rate limits × 100,000); raw: a Node `http` server answering each kind of request with one recorded answer of the product (same bytes), the floor of this load generator on this machine",
    "- Cells: median of the runs (min–max). A run's p50/p99 is over every request of that kind in the run; the event-loop delay is `perf_hooks.monitorEventLoopDelay` (10 ms resolution) inside each server's process over each of its runs: the raw server's shows what this machine alone does to a Node process",
    "",
    summaryTable(results),
    "",
    ...results.flatMap((result) => [`### ${result.database}`, "", latencyTable(result), ""]),
  ].join("\n");
}

async function main(): Promise<void> {
  const started = new Date();
  const loadAtStart = loadAverage();
  const results: MixedResult[] = [];
  if (CPU_PROFILE) await fs.mkdir(CPU_PROFILE, { recursive: true });
  for (const name of benchDatabases() as BenchDatabase[]) {
    results.push(
      await withBenchDatabase(name, "mixed", { count: COUNT, sellers: USERS, logLevel: LOG_LEVEL }, measure),
    );
  }
  const text = report(results, loadAtStart, started);
  await writeBenchReport("mixed", text);
}

runBench(main);
