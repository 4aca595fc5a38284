/** The mixed benchmark's figures: latency percentiles per kind of request, and the markdown tables. */
import type { EventLoopDelay } from "./bench-servers.js";
import { spread } from "./http-report.js";
import { MIX, type RunLatencies } from "./mixed-load.js";

/** One database's interleaved runs: the product's and the raw server's, and the product's event loop. */
export interface MixedResult {
  database: string;
  product: RunLatencies[];
  raw: RunLatencies[];
  eventLoop: EventLoopDelay[];
  rawEventLoop: EventLoopDelay[];
}

export const OVERALL = "all requests";

export function percentile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

function latencies(run: RunLatencies, kind: string): number[] {
  return kind === OVERALL ? [...run.byKind.values()].flat() : (run.byKind.get(kind) ?? []);
}

function failures(run: RunLatencies, kind: string): number {
  return kind === OVERALL
    ? [...run.failures.values()].reduce((sum, count) => sum + count, 0)
    : (run.failures.get(kind) ?? 0);
}

const ms = (value: number) =>
  Number.isNaN(value) ? "–" : value < 10 ? value.toFixed(1) : Math.round(value).toString();
const cell = (values: number[], format: (value: number) => string = ms) => {
  const { min, median, max } = spread(values);
  return `${format(median)} (${format(min)}–${format(max)})`;
};

/** p50 / p99 of each run, for one kind. */
function runPercentiles(runs: RunLatencies[], kind: string, q: number): number[] {
  return runs.map((run) => percentile(latencies(run, kind), q));
}

export function latencyTable(result: MixedResult): string {
  const total = MIX.reduce((sum, kind) => sum + kind.weight, 0);
  const header =
    "| request | share | product p50 ms | product p99 ms | raw p50 ms | raw p99 ms | p99 product/raw | requests (product, all runs) | failed |";
  const rule = "|---|---:|---:|---:|---:|---:|---:|---:|---:|";
  const rows = [...MIX.map((kind) => ({ name: kind.name, share: kind.weight / total })), { name: OVERALL, share: 1 }];
  const lines = rows.map(({ name, share }) => {
    const productP99 = runPercentiles(result.product, name, 0.99);
    const rawP99 = runPercentiles(result.raw, name, 0.99);
    const ratios = productP99.map((value, i) => value / (rawP99[i] as number));
    const count = result.product.reduce((sum, run) => sum + latencies(run, name).length, 0);
    const failed = result.product.reduce((sum, run) => sum + failures(run, name), 0);
    const label = name === OVERALL ? `**${name}**` : name;
    return `| ${label} | ${(share * 100).toFixed(1)}% | ${cell(runPercentiles(result.product, name, 0.5))} | ${cell(productP99)} | ${cell(runPercentiles(result.raw, name, 0.5))} | ${cell(rawP99)} | ${cell(ratios, (value) => `${value.toFixed(1)}×`)} | ${count.toLocaleString("en")} | ${failed} |`;
  });
  return [header, rule, ...lines].join("\n");
}

export function summaryTable(results: MixedResult[]): string {
  const header =
    "| database | product req/s | raw req/s | product/raw | p99 all requests ms (target < 200) | raw p99 ms | event loop delay max ms (target < 50) | raw event loop max ms | event loop delay p99 ms | raw event loop p99 ms | event loop delay mean ms |";
  const rule = "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|";
  const perSecond = (runs: RunLatencies[]) => runs.map((run) => run.requests / run.seconds);
  const lines = results.map((result) => {
    const product = spread(perSecond(result.product)).median;
    const raw = spread(perSecond(result.raw)).median;
    const loop = (key: keyof EventLoopDelay, delays = result.eventLoop) => cell(delays.map((delay) => delay[key]));
    const rate = (v: number) => Math.round(v).toString();
    return `| ${result.database} | ${cell(perSecond(result.product), rate)} | ${cell(perSecond(result.raw), rate)} | ${((product / raw) * 100).toFixed(0)}% | ${cell(runPercentiles(result.product, OVERALL, 0.99))} | ${cell(runPercentiles(result.raw, OVERALL, 0.99))} | ${loop("maxMs")} | ${loop("maxMs", result.rawEventLoop)} | ${loop("p99Ms")} | ${loop("p99Ms", result.rawEventLoop)} | ${loop("meanMs")} |`;
  });
  return [header, rule, ...lines].join("\n");
}
