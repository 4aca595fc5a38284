import { GoodsLimits, PageLimits } from "@xianzhi/contract";
import autocannon from "autocannon";
import {
  benchCommand,
  benchDatabases,
  type FilledDatabase,
  runBench,
  withBenchDatabase,
  writeBenchReport,
} from "./bench-databases.js";
import { type BenchServer, startProductServer } from "./bench-servers.js";
import { type BenchUser, type Population, populate } from "./bench-users.js";
import { loadAverage, runLines, spread } from "./http-report.js";

const COUNT = Number(process.env.BENCH_GOODS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const HEAVY_FAVORITES = Math.min(COUNT, Number(process.env.BENCH_FAVORITES_HEAVY ?? 10_000));
/** An ordinary user's favourites, the baseline of the calls made for one signed-in user. */
const ORDINARY_FAVORITES = 20;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? "warn";
/** A case is within the bound when its p99 is at most this many times its baseline's, measured just before it. */
const BOUND = 2;
/** autocannon's latencies are whole milliseconds: a baseline p99 of 0 ms is divided as 1 ms, not into Infinity. */
const RESOLUTION_MS = 1;

interface Case {
  name: string;
  path: string;
  /** The HTTP status the case must answer with: refusals are part of the contract. */
  status: number;
  token?: string;
  /**
   * The ordinary request this case is set against: the first page of the same call as people
   * ordinarily make it. Page 1 of the list by default; a one-word search for a search; the largest
   * page's first page for its deepest; for an answer made for one signed-in user, the same call by
   * an ordinary user (what is pathological is the user's 10,000 favourites, not that the call
   * reads a session and the user's rows).
   */
  baseline?: Case;
  /** Not a pathological case but what an allowed choice costs by itself: shown, not bounded. */
  reference?: boolean;
}

interface Figures {
  p50: number;
  p99: number;
  requestsPerSecond: number;
  /** Answers with another status than the case's, and connection errors. */
  unexpected: number;
}

interface CaseResult {
  database: string;
  case: Case;
  runs: Figures[];
  baseline: Figures[];
}

const PAGE_ONE: Case = { name: "list, page 1", path: "/api/goods/getlist", status: 200 };
const search = (keyword: string) => `/api/goods/search/list?keyword=${encodeURIComponent(keyword)}`;
/** The search people make most: one common word, page 1. */
const ORDINARY_SEARCH: Case = { name: "search 手机, page 1", path: search("手机"), status: 200 };

function casesOf(population: Population): Case[] {
  const longest =
    "九成新苹果手机功能完好无拆无修配件齐全带原装包装同城可以当面交易价格可小刀诚心要的联系支持验货非诚勿扰";
  const twentyWords = "九成 新 苹果 手机 包邮 急 出 自用 闲置 相机 耳 机 索尼 游戏 机 沙 发 乐高 书 桌";
  const fan = population.heavyFan.token;
  const ordinary = (population.users[0] as BenchUser).token;
  const ordinaryFavorites: Case = {
    name: `favourites of a user with ${ORDINARY_FAVORITES}, page 1`,
    path: "/api/fav",
    status: 200,
    token: ordinary,
  };
  const lastFavoritesPage = Math.ceil(HEAVY_FAVORITES / PageLimits.defaultPageSize);
  const someIds = Array.from({ length: PageLimits.maxPageSize }, (_, i) => 1 + ((i * 7919) % population.goodsCount));
  const priceFilter = "sort=price_asc&minPrice=100000&maxPrice=500000";
  // What five times the goods cost by themselves: the deepest row is set against it, so that its
  // ratio is what depth costs.
  const largestPage: Case = {
    name: `list, page 1 × ${PageLimits.maxPageSize} (reference: the page size alone)`,
    path: `/api/goods/getlist?pageSize=${PageLimits.maxPageSize}`,
    status: 200,
    reference: true,
  };
  return [
    { name: "list, page 100000 (refused: past maxPage)", path: "/api/goods/getlist?page=100000", status: 400 },
    {
      name: `list, page ${PageLimits.maxPage} (deepest served)`,
      path: `/api/goods/getlist?page=${PageLimits.maxPage}`,
      status: 200,
    },
    largestPage,
    {
      name: `list, page ${PageLimits.maxPage} × ${PageLimits.maxPageSize} (deepest row served)`,
      path: `/api/goods/getlist?page=${PageLimits.maxPage}&pageSize=${PageLimits.maxPageSize}`,
      status: 200,
      baseline: largestPage,
    },
    {
      name: "search, 100-character keyword (refused)",
      path: search(longest.repeat(3).slice(0, 100)),
      status: 400,
      baseline: ORDINARY_SEARCH,
    },
    {
      name: `search, ${GoodsLimits.keywordMax}-character keyword (longest served)`,
      path: search(longest.slice(0, GoodsLimits.keywordMax)),
      status: 200,
      baseline: ORDINARY_SEARCH,
    },
    { name: "search, 20 words", path: search(twentyWords), status: 200, baseline: ORDINARY_SEARCH },
    { name: "list, price order, price filter, page 1", path: `/api/goods/getlist?${priceFilter}`, status: 200 },
    {
      name: `list, price order, price filter, page ${PageLimits.maxPage}`,
      path: `/api/goods/getlist?${priceFilter}&page=${PageLimits.maxPage}`,
      status: 200,
    },
    {
      name: "list, price descending, narrow filter, page 1",
      path: "/api/goods/getlist?sort=price_desc&minPrice=300000&maxPrice=300500",
      status: 200,
    },
    {
      name: `favourites of a user with ${HEAVY_FAVORITES.toLocaleString("en")}, page 1`,
      path: "/api/fav",
      status: 200,
      token: fan,
      baseline: ordinaryFavorites,
    },
    {
      name: `favourites of that user, last page (${lastFavoritesPage})`,
      path: `/api/fav?page=${lastFavoritesPage}`,
      status: 200,
      token: fan,
      baseline: ordinaryFavorites,
    },
    {
      name: "fav/ids of that user, 100 ids",
      path: `/api/fav/ids?goodsIds=${someIds.join(",")}`,
      status: 200,
      token: fan,
      baseline: {
        name: `fav/ids of a user with ${ORDINARY_FAVORITES}, the same 100 ids`,
        path: `/api/fav/ids?goodsIds=${someIds.join(",")}`,
        status: 200,
        token: ordinary,
      },
    },
  ];
}

async function load(server: BenchServer, item: Case, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url: `${server.url}${item.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: item.token ? { authorization: `Bearer ${item.token}` } : {},
  });
  const expected = result.statusCodeStats?.[`${item.status}` as `${number}`]?.count ?? 0;
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    unexpected: result.requests.total - expected + result.errors,
  };
}

async function measure(database: FilledDatabase): Promise<CaseResult[]> {
  const population = await populate(database.target, {
    users: 100,
    goodsCount: COUNT,
    favoritesPerUser: ORDINARY_FAVORITES,
    heavyFavorites: HEAVY_FAVORITES,
    sellersFilled: false,
  });
  // The answer cache off: a client after the worst case varies its query (page 999, 998…) past any
  // cache, so every case and its baseline are measured as the database answers them.
  const product = await startProductServer({ ...database.productEnv, RESPONSE_CACHE_MS: "0" });
  try {
    const cases = casesOf(population);
    const results = cases.map((item) => ({
      database: database.name,
      case: item,
      runs: [] as Figures[],
      baseline: [] as Figures[],
    }));
    for (const item of [PAGE_ONE, ORDINARY_SEARCH, ...cases]) await load(product, item, 1);
    for (let run = 1; run <= RUNS; run++) {
      for (const result of results) {
        const baseline = result.case.baseline ?? PAGE_ONE;
        result.baseline.push(await load(product, baseline, SECONDS));
        result.runs.push(await load(product, result.case, SECONDS));
        const [before, item] = [result.baseline.at(-1), result.runs.at(-1)];
        console.log(
          `${database.name} run ${run}, ${result.case.name}: p99 ${item?.p99} ms (${baseline.name}: ${before?.p99} ms)`,
        );
      }
    }
    return results;
  } finally {
    await product.stop();
  }
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toString());
const cell = (values: number[], format: (value: number) => string = ms) => {
  const { min, median, max } = spread(values);
  return `${format(median)} (${format(min)}–${format(max)})`;
};

function table(results: CaseResult[]): string {
  const header =
    "| database | case | answer | p50 ms | p99 ms | set against | its p50 ms | its p99 ms | p99 / its p99 | req/s / its req/s | within bound | unexpected answers |";
  const rule = "|---|---|---:|---:|---:|---|---:|---:|---:|---:|---|---:|";
  const lines = results.map((result) => {
    const ratios = result.runs.map((run, i) => run.p99 / Math.max((result.baseline[i] as Figures).p99, RESOLUTION_MS));
    const rates = result.runs.map(
      (run, i) => run.requestsPerSecond / (result.baseline[i] as Figures).requestsPerSecond,
    );
    const within = result.case.reference ? "(reference)" : spread(ratios).median <= BOUND ? "yes" : "**no**";
    const unexpected = result.runs.reduce((sum, run) => sum + run.unexpected, 0);
    const times = (value: number) => `${value.toFixed(2)}×`;
    return `| ${result.database} | ${result.case.name} | ${result.case.status} | ${cell(result.runs.map((run) => run.p50))} | ${cell(result.runs.map((run) => run.p99))} | ${(result.case.baseline ?? PAGE_ONE).name} | ${cell(result.baseline.map((run) => run.p50))} | ${cell(result.baseline.map((run) => run.p99))} | ${cell(ratios, times)} | ${cell(rates, times)} | ${within} | ${unexpected} |`;
  });
  return [header, rule, ...lines].join("\n");
}

function report(results: CaseResult[], loadAtStart: string, started: Date): string {
  return [
    `## Pathological cases next to the ordinary ones, ${COUNT.toLocaleString("en")} goods`,
    "",
    ...runLines(benchCommand("bench:edge"), started, loadAtStart),
    `- autocannon, ${CONNECTIONS} connections, ${SECONDS} s per load; every case is loaded right after the ordinary request it is set against, ${RUNS} rounds over all cases after a 1 s warm-up each; no compression asked for`,
    `- Product: the real server in a process of its own (log level ${LOG_LEVEL}, rate limits × 100,000), data bulk-loaded, 100 users made in bulk with ${ORDINARY_FAVORITES} favourites each and one keeping ${HEAVY_FAVORITES.toLocaleString("en")}`,
    "- The answer cache is off (`RESPONSE_CACHE_MS=0`): whoever is after the worst case varies the query past any cache, so every request here reads the database",
    `- Set against: the first page of the same call as people ordinarily make it: page 1 of the list; a search against a one-word search (手机); the deepest row of the largest page against page 1 of that size (what depth costs; what the page size costs is the reference row beside it, not bounded); an answer made for one signed-in user (favourites, fav/ids) against the same call by an ordinary user with ${ORDINARY_FAVORITES} favourites`,
    `- Within bound: the median over the rounds of (case p99 / the p99 of what it is set against, just before) is at most ${BOUND} (a p99 under ${RESOLUTION_MS} ms, autocannon's resolution, counts as ${RESOLUTION_MS} ms). Refusals (400) are the contract: page past ${PageLimits.maxPage}, keyword past ${GoodsLimits.keywordMax} characters`,
    "",
    table(results),
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  const started = new Date();
  const loadAtStart = loadAverage();
  const results: CaseResult[] = [];
  for (const name of benchDatabases()) {
    results.push(...(await withBenchDatabase(name, "edge", { count: COUNT, logLevel: LOG_LEVEL }, measure)));
  }
  const text = report(results, loadAtStart, started);
  await writeBenchReport("edge", text);
}

runBench(main);
