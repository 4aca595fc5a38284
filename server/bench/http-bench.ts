import { PageLimits } from "@xianzhi/contract";
import autocannon from "autocannon";
import { type DatabaseTarget, openDatabase } from "../src/db/database.js";
import { signedInUser } from "../src/test-support/server-process.js";
import {
  type BenchDatabase,
  benchCommand,
  benchDatabases,
  runBench,
  withBenchDatabase,
  writeBenchReport,
} from "./bench-databases.js";
import { type BenchServer, type FixedReply, startProductServer, startRawServer } from "./bench-servers.js";
import { type EndpointResult, loadAverage, type RunFigures, resultTable, runLines } from "./http-report.js";

const COUNT = Number(process.env.BENCH_GOODS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Request logs are off by default: at info level every request writes a line, which the ceiling does not. */
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? "warn";
const endpointFilter = process.env.BENCH_ENDPOINTS?.split(",").filter(Boolean);

interface Endpoint {
  name: string;
  /** Path and query, as the client sends them (the raw server looks its reply up by them). */
  path: string;
  signedIn?: boolean;
  /** Sent to a second product process whose answer cache is off (RESPONSE_CACHE_MS=0). */
  cacheOff?: boolean;
}

/** The list, a page halfway down it (or the last page the API serves, if sooner), one goods, four kinds of keyword, and a signed-in check. */
function endpointsOf(goodsId: string, deepPage: number): Endpoint[] {
  const search = (keyword: string) => `/api/goods/search/list?keyword=${encodeURIComponent(keyword)}`;
  const list = { name: "list, page 1", path: "/api/goods/getlist" };
  const deepList = { name: `list, page ${deepPage}`, path: `/api/goods/getlist?page=${deepPage}` };
  const detail = { name: "detail", path: `/api/goods/info/${goodsId}` };
  const common = { name: "search 手机 (common)", path: search("手机") };
  const rare = { name: "search 索尼吉他 (rare)", path: search("索尼吉他") };
  const cacheOff = (endpoint: Endpoint) => ({ ...endpoint, name: `${endpoint.name} (cache off)`, cacheOff: true });
  return [
    list,
    cacheOff(list),
    deepList,
    cacheOff(deepList),
    detail,
    cacheOff(detail),
    common,
    cacheOff(common),
    rare,
    cacheOff(rare),
    { name: "search 机 (1 character)", path: search("机") },
    { name: "search iPhone (Latin)", path: search("iPhone") },
    { name: "fav/exists (signed in)", path: `/api/fav/exists/${goodsId}`, signedIn: true },
  ];
}

/** No Accept-Encoding, as autocannon sends none: both servers send the same uncompressed bytes. */
async function call(url: string, token: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    headers: { "accept-encoding": "identity", authorization: `Bearer ${token}`, ...init.headers },
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** The endpoints on this data: the newest goods (favourited by the signed-in user) and a deep page. */
async function discoverEndpoints(product: BenchServer, token: string): Promise<Endpoint[]> {
  const firstPage = (await (await call(`${product.url}/api/goods/getlist`, token)).json()) as {
    data: { list: { id: string }[]; total: number; pageSize: number };
  };
  const goodsId = firstPage.data.list[0]?.id;
  if (!goodsId) throw new Error("the list is empty");
  await call(`${product.url}/api/fav`, token, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ goodsId }),
  });
  const pages = Math.ceil(firstPage.data.total / firstPage.data.pageSize);
  const endpoints = endpointsOf(goodsId, Math.max(1, Math.min(PageLimits.maxPage, Math.floor(pages / 2))));
  return endpoints.filter((endpoint) => !endpointFilter || endpointFilter.some((word) => endpoint.name.includes(word)));
}

/** Each endpoint's answer from the product, for the raw server to send. */
async function recordReplies(product: BenchServer, endpoints: Endpoint[], token: string) {
  const replies: Record<string, FixedReply> = {};
  for (const endpoint of endpoints) {
    if (replies[endpoint.path]) continue;
    const response = await call(`${product.url}${endpoint.path}`, token);
    if (response.headers.has("content-encoding")) throw new Error(`${endpoint.path} came compressed`);
    replies[endpoint.path] = {
      contentType: response.headers.get("content-type") ?? "application/octet-stream",
      body: Buffer.from(await response.arrayBuffer()).toString("base64"),
    };
  }
  return replies;
}

async function load(server: BenchServer, endpoint: Endpoint, token: string, seconds: number): Promise<RunFigures> {
  const result = await autocannon({
    url: `${server.url}${endpoint.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: endpoint.signedIn ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

/** Product and raw server take turns on every endpoint, RUNS rounds over all endpoints, after a warm-up. */
async function measureServers(database: string, serverEnv: Record<string, string>, token: string) {
  const product = await startProductServer(serverEnv);
  let uncached: BenchServer | undefined;
  let raw: BenchServer | undefined;
  try {
    uncached = await startProductServer({ ...serverEnv, RESPONSE_CACHE_MS: "0" });
    const productOf = (endpoint: Endpoint) => (endpoint.cacheOff ? (uncached as BenchServer) : product);
    const endpoints = await discoverEndpoints(product, token);
    const replies = await recordReplies(product, endpoints, token);
    raw = await startRawServer(replies);
    const results: EndpointResult[] = endpoints.map((endpoint) => ({
      endpoint: endpoint.name,
      database,
      bodyBytes: Buffer.from(replies[endpoint.path]?.body ?? "", "base64").length,
      product: [],
      raw: [],
    }));
    for (const endpoint of endpoints) {
      await load(productOf(endpoint), endpoint, token, 1);
      await load(raw, endpoint, token, 1);
    }
    for (let run = 1; run <= RUNS; run++) {
      for (const [i, endpoint] of endpoints.entries()) {
        const result = results[i] as EndpointResult;
        result.product.push(await load(productOf(endpoint), endpoint, token, SECONDS));
        result.raw.push(await load(raw, endpoint, token, SECONDS));
        const last = (runs: RunFigures[]) => Math.round(runs[runs.length - 1]?.requestsPerSecond ?? 0);
        console.log(`${database} run ${run}, ${endpoint.name}: ${last(result.product)} / ${last(result.raw)} req/s`);
      }
    }
    return results;
  } finally {
    await raw?.stop();
    await uncached?.stop();
    await product.stop();
  }
}

async function sessionToken(target: DatabaseTarget): Promise<string> {
  const db = openDatabase(target);
  try {
    return (await signedInUser(db, "bencher")).token;
  } finally {
    await db.destroy();
  }
}

/** The endpoints measured on a database of `name`'s kind, filled and thrown away by bench-databases. */
function benchDatabase(name: BenchDatabase): Promise<EndpointResult[]> {
  return withBenchDatabase(name, "http", { count: COUNT, logLevel: LOG_LEVEL }, async (database) =>
    measureServers(name, database.productEnv, await sessionToken(database.target)),
  );
}

function report(results: EndpointResult[], loadAtStart: string, started: Date): string {
  return [
    `## HTTP: the product against raw Node, ${COUNT.toLocaleString("en")} goods`,
    "",
    ...runLines(benchCommand("bench:http"), started, loadAtStart),
    `- autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run, ${RUNS} run${RUNS === 1 ? "" : "s"} per server, interleaved (product, raw, product, raw…) over all endpoints after a 1 s warm-up each; no compression asked for`,
    `- Product: the real server in a process of its own (log level ${LOG_LEVEL}, rate limits × 100,000); raw: a Node \`http\` server sending each endpoint's recorded answer (same bytes, same content type)`,
    `- The product answers the goods list, searches and details from a shared in-memory cache (\`RESPONSE_CACHE_MS\`, 1 s by default): a list or search page serialized and compressed once, a detail read once (its view count still counts every request, written to the database once a second). Any change through the process drops the cache; a change made by another process shows within the 1 s. Rows marked *(cache off)* go to a second product process started with \`RESPONSE_CACHE_MS=0\`, where every request reads the database`,
    "- req/s is autocannon's mean per second of a run; the table gives the median of the runs and their range; product/raw divides the medians",
    "",
    resultTable(results),
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  const started = new Date();
  const loadAtStart = loadAverage();
  const results: EndpointResult[] = [];
  for (const name of benchDatabases()) results.push(...(await benchDatabase(name)));
  const text = report(results, loadAtStart, started);
  await writeBenchReport("http", text);
}

runBench(main);
