/** bench:search's figures: percentiles of each run, their spread over the runs, the markdown tables. */
import { type Spread, spread } from "./http-report.js";

/** The latencies (ms) of one run of requests. */
export interface Measurement {
  times: number[];
}

/** One keyword on one database and catalogue size at one concurrency: HTTP and floor, run by run. */
export interface Series {
  database: string;
  size: number;
  keyword: string;
  total: number;
  capped: boolean;
  connections: number;
  http: Measurement[];
  floor: Measurement[];
}

export interface ReportContext {
  command: string;
  date: string;
  machine: string;
  load: string;
  requests: number;
  runs: number;
}

function percentile(times: number[], share: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

/** A percentile of each run, spread over the runs. */
const perRun = (runs: Measurement[], share: number): Spread => spread(runs.map((run) => percentile(run.times, share)));

/** Runs of several series pooled: run i of every series together. */
const pooled = (all: Series[], side: "http" | "floor"): Measurement[] =>
  (all[0]?.[side] ?? []).map((_, run) => ({ times: all.flatMap((series) => series[side][run]?.times ?? []) }));

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const cell = ({ median, min, max }: Spread) => `${ms(median)} (${ms(min)}–${ms(max)})`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
const goods = (size: number) => size.toLocaleString("en");

interface Figures {
  httpP50: Spread;
  httpP99: Spread;
  floorP50: Spread;
  floorP99: Spread;
}

function figures(http: Measurement[], floor: Measurement[]): Figures {
  return {
    httpP50: perRun(http, 0.5),
    httpP99: perRun(http, 0.99),
    floorP50: perRun(floor, 0.5),
    floorP99: perRun(floor, 0.99),
  };
}

const figureCells = (f: Figures) => [
  cell(f.httpP50),
  cell(f.httpP99),
  cell(f.floorP50),
  cell(f.floorP99),
  ratio(f.httpP50.median, f.floorP50.median),
  ratio(f.httpP99.median, f.floorP99.median),
];

const FIGURE_HEADER = "HTTP p50 ms | HTTP p99 ms | floor p50 ms | floor p99 ms | HTTP ÷ floor p50 | HTTP ÷ floor p99";
const row = (cells: string[]) => `| ${cells.join(" | ")} |`;

function groups<K>(series: Series[], key: (s: Series) => K): [K, Series[]][] {
  const map = new Map<string, [K, Series[]]>();
  for (const s of series) {
    const k = key(s);
    const id = JSON.stringify(k);
    const entry = map.get(id) ?? [k, []];
    entry[1].push(s);
    map.set(id, entry);
  }
  return [...map.values()];
}

function summaryTable(series: Series[]): string {
  const lines = groups(series, (s) => ({ database: s.database, size: s.size, connections: s.connections })).map(
    ([key, all]) =>
      row([
        key.database,
        goods(key.size),
        String(key.connections),
        ...figureCells(figures(pooled(all, "http"), pooled(all, "floor"))),
      ]),
  );
  return [
    `| database | goods | connections | ${FIGURE_HEADER} |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...lines,
  ].join("\n");
}

/** p99 at the largest size over p99 at the smallest: all keywords pooled, and the keyword that grew most. */
function growthTable(series: Series[]): string {
  const sizes = [...new Set(series.map((s) => s.size))].sort((a, b) => a - b);
  const small = sizes[0] as number;
  const large = sizes[sizes.length - 1] as number;
  if (small === large) return "(one catalogue size only: no growth to show)";
  const lines = groups(series, (s) => ({ database: s.database, connections: s.connections })).map(([key, all]) => {
    const at = (size: number) => all.filter((s) => s.size === size);
    const p99 = (list: Series[], side: "http" | "floor") => perRun(pooled(list, side), 0.99).median;
    const worst = (side: "http" | "floor") => {
      const growths = at(small).map((s) => {
        const big = at(large).find((other) => other.keyword === s.keyword);
        return { keyword: s.keyword, growth: big ? perRun(big[side], 0.99).median / perRun(s[side], 0.99).median : 0 };
      });
      const top = growths.sort((a, b) => b.growth - a.growth)[0];
      return top ? `${top.growth.toFixed(2)}× (${top.keyword})` : "";
    };
    return row([
      key.database,
      String(key.connections),
      ms(p99(at(small), "http")),
      ms(p99(at(large), "http")),
      ratio(p99(at(large), "http"), p99(at(small), "http")),
      worst("http"),
      ratio(p99(at(large), "floor"), p99(at(small), "floor")),
      worst("floor"),
    ]);
  });
  return [
    `Goods grow ${(large / small).toFixed(0)}× (${goods(small)} to ${goods(large)}).`,
    "",
    `| database | connections | HTTP p99 ms at ${goods(small)} | HTTP p99 ms at ${goods(large)} | HTTP p99 growth | HTTP: keyword that grew most | floor p99 growth | floor: keyword that grew most |`,
    "|---|---:|---:|---:|---:|---|---:|---|",
    ...lines,
  ].join("\n");
}

function keywordTables(series: Series[]): string {
  return groups(series, (s) => ({ database: s.database, size: s.size, connections: s.connections }))
    .map(([key, all]) =>
      [
        `### ${key.database}, ${goods(key.size)} goods, ${key.connections} connection${key.connections === 1 ? "" : "s"}`,
        "",
        `| keyword | total | ${FIGURE_HEADER} |`,
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        ...all.map((s) =>
          row([
            s.keyword,
            `${s.total.toLocaleString("en")}${s.capped ? "+" : ""}`,
            ...figureCells(figures(s.http, s.floor)),
          ]),
        ),
      ].join("\n"),
    )
    .join("\n\n");
}

export function searchReport(series: Series[], context: ReportContext): string {
  const keywords = [...new Set(series.map((s) => s.keyword))];
  return [
    "## Search: HTTP against the engine's floor",
    "",
    `- Command: \`${context.command}\``,
    `- Date: ${context.date}; machine: ${context.machine}`,
    `- Load average (1 / 5 / 15 min): ${context.load}`,
    `- ${keywords.length} keywords: ${keywords.map((keyword) => `\`${keyword}\``).join(", ")}; default sort (relevance), page 1 of 20`,
    `- HTTP: the real server (\`startProductServer\`, log level warn, answer cache off: \`RESPONSE_CACHE_MS=0\`) in a process of its own, a keep-alive Node client in the bench process, no compression asked for; ${context.requests} requests per keyword, concurrency and run, each connection sending its next request once the answer arrived`,
    "- Floor: the SQL statements the same search issues, captured once through a Kysely log hook while the service answered it in the bench process, then replayed straight on the driver (better-sqlite3 statements prepared once, on one connection as the server has; pg clients from a pool, one per request in flight, statements in order including the transaction and SET LOCAL): what the database engine alone needs",
    `- Each figure: median of ${context.runs} interleaved runs (HTTP, floor, HTTP, floor… keyword by keyword), min–max in brackets; HTTP ÷ floor divides the medians; totals with + are capped`,
    "",
    "### All keywords pooled",
    "",
    summaryTable(series),
    "",
    "### Growth with the catalogue",
    "",
    growthTable(series),
    "",
    keywordTables(series),
    "",
  ].join("\n");
}
