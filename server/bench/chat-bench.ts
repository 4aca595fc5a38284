/**
 * npm run bench:chat: chat against its ceiling. BENCH_SOCKETS (1,000) signed-in sockets in pairs,
 * each sending BENCH_RATES (0.2 and 1) messages a second to its peer; the time from a send to the peer's
 * receipt, p50/p99, for the product in one process (SQLite, PostgreSQL), in two processes sharing
 * Redis with the peers of each pair on different processes, and a raw `ws` relay passing the same
 * frames with the same clients: BENCH_RUNS (3) interleaved runs of BENCH_SECONDS (10) after
 * BENCH_WARMUP (2) seconds. Then the pathological chats through HTTP (autocannon,
 * BENCH_CONNECTIONS (10) connections, BENCH_HTTP_SECONDS (3) a run): a user with BENCH_CHATS
 * (5,000) chats and a chat with BENCH_MESSAGES (100,000) messages next to a user with one chat and
 * a chat of 60 messages. PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL (in a schema of its
 * own, dropped at the end), Redis with BENCH_REDIS_URL or TEST_REDIS_URL; BENCH_DATABASES=sqlite
 * or =postgres picks one, BENCH_PARTS=sockets or =cases one part; BENCH_CPU_PROFILE=<folder> writes
 * the product processes' CPU profiles there. Writes bench/chat.md.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ChatLimits } from "@xianzhi/contract";
import autocannon from "autocannon";
import { sql } from "kysely";
import pg from "pg";
import { type DatabaseTarget, openDatabase } from "../src/db/database.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { serverDatabaseUrl } from "../src/test-support/server-process.js";
import { benchCommand, runBench, writeBenchReport } from "./bench-databases.js";
import { type BenchServer, startProductServer, startWsRelayServer } from "./bench-servers.js";
import { type LoadFigures, runPairs } from "./chat-clients.js";
import { type ChatBenchData, fillChatData } from "./chat-data.js";
import { type CaseResult, caseTable, type LatencyResult, latencyTable } from "./chat-report.js";
import { describeMachine, loadAverage } from "./http-report.js";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
/** Messages each socket sends a second: one every 5 s (a lively conversation), and one a second (a stress). */
const RATES = (process.env.BENCH_RATES ?? "0.2,1").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHATS = Number(process.env.BENCH_CHATS ?? 5000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const SMALL_MESSAGES = 60;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 3);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? "warn";
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
const databases = (process.env.BENCH_DATABASES ?? "sqlite,postgres").split(",");
/** BENCH_PARTS=sockets or =cases runs one part (e.g. under BENCH_CPU_PROFILE). */
const parts = (process.env.BENCH_PARTS ?? "sockets,cases").split(",");

/** The bench sends within the product's limits: it configures the product, it removes no limit. */
function checkSettings(): void {
  const fastest = Math.max(...RATES);
  if (!(fastest <= ChatLimits.framesPerSecond && fastest <= ChatLimits.userMessagesPerSecond)) {
    throw new Error(`BENCH_RATES ${RATES.join(",")}: past the product's per-socket or per-user message rate`);
  }
  if (SOCKETS % 2 !== 0) throw new Error("BENCH_SOCKETS must be even: the sockets talk in pairs");
}

interface Database {
  name: string;
  target: DatabaseTarget;
  /** The DATABASE_URL of a server process on it ("" for SQLite in its DATA_DIR). */
  url: string;
  dataDir: string;
  data: ChatBenchData;
}

async function withPgClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const sizes = { socketPairs: SOCKETS / 2, smallMessages: SMALL_MESSAGES, bigMessages: MESSAGES, crowdedChats: CHATS };

async function fill(target: DatabaseTarget): Promise<ChatBenchData> {
  const db = openDatabase(target);
  try {
    await migrateToLatest(db);
    const data = await fillChatData(db, sizes);
    // Statistics, as the database would gather by itself some time after a bulk load.
    await sql`ANALYZE`.execute(db);
    return data;
  } finally {
    await db.destroy();
  }
}

async function sqliteDatabase(dir: string): Promise<Database> {
  const dataDir = await fs.mkdtemp(path.join(dir, "sqlite-"));
  const target = { sqliteFile: path.join(dataDir, "xianzhi.db") };
  return { name: "SQLite", target, url: "", dataDir, data: await fill(target) };
}

/** Schemas made by this run, dropped at the end or on Ctrl-C. */
const schemas: string[] = [];
const dropSchemas = () =>
  withPgClient(async (client) => {
    for (const schema of schemas.splice(0)) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

async function postgresDatabase(dir: string): Promise<Database> {
  const schema = `bench_chat_${randomBytes(4).toString("hex")}`;
  await withPgClient(async (client) => {
    await client.query("CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public");
    await client.query(`CREATE SCHEMA ${schema}`);
  });
  schemas.push(schema);
  const target = { postgresUrl, postgresSchema: schema };
  const data = await fill(target);
  const dataDir = await fs.mkdtemp(path.join(dir, "postgres-"));
  return { name: "PostgreSQL", target, url: serverDatabaseUrl(target), dataDir, data };
}

/** A product process on a database: no demo data, request limits raised for a thousand upgrades from one address. */
function productEnv(database: Database, redis: { url: string; prefix: string } | null): Record<string, string> {
  return {
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: redis?.url ?? "",
    REDIS_CHANNEL: `${redis?.prefix ?? "xianzhi"}:chat`,
    RATE_LIMIT_PREFIX: `${redis?.prefix ?? "xianzhi"}:rate:`,
    DEMO_DATA: "false",
    LOG_LEVEL,
    RATE_LIMIT_MULTIPLIER: "100000",
  };
}

/** One way of serving the sockets: its servers, and which address each side of a pair uses. */
interface Setup {
  name: string;
  database: Database;
  servers: BenchServer[];
  bases: [string, string];
}

const wsBase = (server: BenchServer) => server.url.replace(/^http/, "ws");

async function startSetups(all: Database[]): Promise<Setup[]> {
  const [first] = all as [Database];
  const relay = await startWsRelayServer({
    tokens: Object.fromEntries(
      first.data.pairs.flatMap((pair) => [pair.a, pair.b]).map((user) => [user.token, user.id]),
    ),
    chats: Object.fromEntries(first.data.pairs.map((pair) => [String(pair.chatId), [pair.a.id, pair.b.id]])),
  });
  const setups: Setup[] = [
    { name: "raw `ws` relay", database: first, servers: [relay], bases: [wsBase(relay), wsBase(relay)] },
  ];
  for (const database of all) {
    const one = await startProductServer(productEnv(database, null));
    setups.push({
      name: `product, 1 process, ${database.name}`,
      database,
      servers: [one],
      bases: [wsBase(one), wsBase(one)],
    });
    if (!redisUrl) continue;
    const redis = { url: redisUrl, prefix: `bench:chat:${randomBytes(4).toString("hex")}` };
    const two = [
      await startProductServer(productEnv(database, redis)),
      await startProductServer(productEnv(database, redis)),
    ];
    setups.push({
      name: `product, 2 processes + Redis, ${database.name}`,
      database,
      servers: two,
      bases: [wsBase(two[0] as BenchServer), wsBase(two[1] as BenchServer)],
    });
  }
  return setups;
}

/** CPU time (user + system) a process has spent, ms; 0 where /proc cannot tell (not Linux). */
function cpuMilliseconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime, fields 14 and 15 of stat, counted in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** Each rate in turn; at each, every setup takes its turn, RUNS times. */
async function measureSockets(setups: Setup[]): Promise<LatencyResult[]> {
  const results: LatencyResult[] = [];
  for (const rate of RATES) {
    const atRate: LatencyResult[] = setups.map((setup) => ({ setup: setup.name, rate, runs: [] }));
    for (let run = 1; run <= RUNS; run++) {
      for (const [i, setup] of setups.entries()) {
        const figures = await measureSetup(setup, rate);
        atRate[i]?.runs.push(figures);
        console.log(
          `${rate}/s run ${run}, ${setup.name}: p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, server CPU ${figures.cpuPerMessage.toFixed(3)} ms a message, ${figures.sent} sent, ${figures.unreceived} not received, ${figures.errors} errors`,
        );
      }
    }
    results.push(...atRate);
  }
  return results;
}

async function measureSetup(setup: Setup, rate: number): Promise<LoadFigures> {
  const cpu = () => setup.servers.reduce((total, server) => total + cpuMilliseconds(server.pid), 0);
  let cpuAtStart = 0;
  let cpuSpent = 0;
  const figures = await runPairs(setup.bases, setup.database.data.pairs, {
    rate,
    warmupSeconds: WARMUP,
    seconds: SECONDS,
    onWindow: (edge) => {
      if (edge === "start") cpuAtStart = cpu();
      else cpuSpent = cpu() - cpuAtStart;
    },
  });
  return { ...figures, cpuPerMessage: figures.sent > 0 ? cpuSpent / figures.sent : 0 };
}

/** A pathological call and its small counterpart, each with the token that may make it. */
interface CaseCall {
  name: string;
  small: { path: string; token: string };
  big: { path: string; token: string };
}

function caseCalls(data: ChatBenchData): CaseCall[] {
  const history = (chatId: number, before?: number) =>
    `/api/chat/getlist?chatId=${chatId}${before === undefined ? "" : `&before=${before}`}`;
  return [
    {
      name: `chat list, page 1: ${CHATS.toLocaleString("en")} chats vs 1`,
      small: { path: "/api/mychatlist/getlist", token: data.small.a.token },
      big: { path: "/api/mychatlist/getlist", token: data.crowded.token },
    },
    {
      name: `unread total: ${CHATS.toLocaleString("en")} chats vs 1`,
      small: { path: "/api/mychatlist/unread", token: data.small.a.token },
      big: { path: "/api/mychatlist/unread", token: data.crowded.token },
    },
    {
      name: `history, page 1: ${MESSAGES.toLocaleString("en")} messages vs ${SMALL_MESSAGES}`,
      small: { path: history(data.small.chatId), token: data.small.a.token },
      big: { path: history(data.big.chatId), token: data.big.a.token },
    },
    {
      name: "history, older page (`before` = the middle message)",
      small: { path: history(data.small.chatId, data.smallMiddleId), token: data.small.a.token },
      big: { path: history(data.big.chatId, data.bigMiddleId), token: data.big.a.token },
    },
  ];
}

async function loadCall(server: BenchServer, call: { path: string; token: string }, seconds: number) {
  const result = await autocannon({
    url: `${server.url}${call.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${call.token}` },
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

/** Small and pathological take turns on the one-process product, after a 1 s warm-up each. */
async function measureCases(setups: Setup[]): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const setup of setups.filter((each) => each.name.startsWith("product, 1 process"))) {
    const server = setup.servers[0] as BenchServer;
    for (const call of caseCalls(setup.database.data)) {
      const result: CaseResult = { call: call.name, database: setup.database.name, small: [], big: [] };
      await loadCall(server, call.small, 1);
      await loadCall(server, call.big, 1);
      for (let run = 1; run <= RUNS; run++) {
        result.small.push(await loadCall(server, call.small, HTTP_SECONDS));
        result.big.push(await loadCall(server, call.big, HTTP_SECONDS));
      }
      console.log(`${setup.database.name}, ${call.name}: done`);
      results.push(result);
    }
  }
  return results;
}

function report(sockets: LatencyResult[], cases: CaseResult[], loadAtStart: string, started: Date): string {
  return [
    `## Chat: ${SOCKETS.toLocaleString("en")} sockets against a raw \`ws\` relay, and the pathological chats`,
    "",
    `- Command: \`${benchCommand("bench:chat")}\``,
    `- Date: ${started.toISOString()}; machine: ${describeMachine()}; \`ulimit -n\` ${fileLimit()}`,
    `- Load average (1 / 5 / 15 min): ${loadAtStart} at the start, ${loadAverage()} at the end`,
    `- Load: ${SOCKETS.toLocaleString("en")} signed-in sockets, ${SOCKETS / 2} pairs, each socket sending text messages to its peer at a steady rate (${RATES.map((rate) => `${rate} a second: ${(SOCKETS * rate).toLocaleString("en")} messages a second in all`).join("; ")}), each socket at its own phase, ${RUNS} interleaved runs of ${SECONDS} s after ${WARMUP} s of warm-up; latency from the send to the peer's receipt of the \`message\` frame, all clients in one process`,
    "- Product: the real server (log level warn, request limits × 100,000 for the upgrades from one address; chat message limits as shipped), each process its own; 2 processes share the database and Redis, the two members of every pair on different processes. Raw: a `ws` server answering the same frames (ack to the sender, message to both members) from memory",
    "- Target (issue 12): p99 under 20 ms in one process",
    "- Server CPU a message: the CPU time (user + system, from /proc) the server process(es) spent in the measured window, divided by the messages sent in it: the cost of a message, which the other work on this shared machine hardly changes, unlike the latency",
    "",
    latencyTable(sockets),
    "",
    `Pathological chats on the one-process product, through HTTP: autocannon, ${CONNECTIONS} connections, ${HTTP_SECONDS} s a run, ${RUNS} interleaved runs (small, big, small, big…), each next to its small case; big/small divides the median p99.`,
    "",
    caseTable(cases),
    "",
  ].join("\n");
}

/** The open-file limit this process runs under: every socket is one on each side. */
function fileLimit(): string {
  try {
    return /Max open files\s+(\d+)/.exec(readFileSync("/proc/self/limits", "utf8"))?.[1] ?? "unknown";
  } catch {
    return "unknown";
  }
}

async function main(): Promise<void> {
  checkSettings();
  const started = new Date();
  const loadAtStart = loadAverage();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-chat-bench-"));
  let dropping = false;
  const dropAndExit = () => {
    if (dropping) return;
    dropping = true;
    void dropSchemas().finally(() => process.exit(130));
  };
  process.on("SIGINT", dropAndExit);
  const all: Database[] = [];
  let setups: Setup[] = [];
  try {
    if (databases.includes("sqlite")) all.push(await sqliteDatabase(dir));
    if (postgresUrl && databases.includes("postgres")) all.push(await postgresDatabase(dir));
    else console.log("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL");
    if (!redisUrl) console.log("two processes skipped: set BENCH_REDIS_URL or TEST_REDIS_URL");
    console.log(`data written: ${all.map((database) => database.name).join(", ")}`);
    setups = await startSetups(all);
    // The cases first, on servers with nothing else to do: after the sockets a saturated server
    // may still be working off their frames.
    const cases = parts.includes("cases") ? await measureCases(setups) : [];
    const sockets = parts.includes("sockets") ? await measureSockets(setups) : [];
    const text = report(sockets, cases, loadAtStart, started);
    await writeBenchReport("chat", text);
  } finally {
    for (const setup of setups) for (const server of setup.servers) await server.stop();
    process.off("SIGINT", dropAndExit);
    if (postgresUrl) await dropSchemas();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

runBench(main);
