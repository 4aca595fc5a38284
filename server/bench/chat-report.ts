/** The chat benchmark's tables: latency against the raw relay, and each pathological case against its small one. */
import type { LoadFigures } from "./chat-clients.js";
import { type RunFigures, spread } from "./http-report.js";

export interface LatencyResult {
  setup: string;
  /** Messages each socket sent a second. */
  rate: number;
  runs: LoadFigures[];
}

export interface CaseResult {
  call: string;
  database: string;
  small: RunFigures[];
  big: RunFigures[];
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString("en"));
const cell = (values: number[], format: (value: number) => string = ms) => {
  const { min, median, max } = spread(values);
  return `${format(median)} (${format(min)}–${format(max)})`;
};
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const ratio = (value: number, reference: number) => `${(value / reference).toFixed(1)}×`;

/** One row a setup and rate; its ratios divide its medians by the raw relay's at the same rate. */
export function latencyTable(results: LatencyResult[]): string {
  const median = (result: LatencyResult | undefined, key: "p50" | "p99") =>
    spread(result?.runs.map((run) => run[key]) ?? [Number.NaN]).median;
  const header =
    "| rate a socket | setup | p50 ms median (min–max) | p99 ms median (min–max) | p50 / p99 ÷ raw | server CPU µs a message | CPU ÷ raw | messages measured | not received 5 s after the window | error frames | load generator's loop delay p99 ms |";
  const rule = "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|";
  const cpu = (result: LatencyResult | undefined) =>
    spread(result?.runs.map((run) => run.cpuPerMessage) ?? [Number.NaN]).median;
  const lines = results.map((result) => {
    const reference = results.find((each) => each.rate === result.rate);
    return [
      `${result.rate}/s`,
      result.setup,
      cell(result.runs.map((run) => run.p50)),
      cell(result.runs.map((run) => run.p99)),
      `${ratio(median(result, "p50"), median(reference, "p50"))} / ${ratio(median(result, "p99"), median(reference, "p99"))}`,
      cell(
        result.runs.map((run) => run.cpuPerMessage * 1000),
        (value) => Math.round(value).toLocaleString("en"),
      ),
      ratio(cpu(result), cpu(reference)),
      sum(result.runs.map((run) => run.sent)).toLocaleString("en"),
      String(sum(result.runs.map((run) => run.unreceived))),
      String(sum(result.runs.map((run) => run.errors))),
      cell(result.runs.map((run) => run.clientLoopP99)),
    ].join(" | ");
  });
  return [header, rule, ...lines.map((line) => `| ${line} |`)].join("\n");
}

export function caseTable(results: CaseResult[]): string {
  const header =
    "| call | database | small p50 ms | small p99 ms | big p50 ms | big p99 ms | big/small p99 | big req/s | failed answers |";
  const rule = "|---|---|---:|---:|---:|---:|---:|---:|---:|";
  const lines = results.map((result) => {
    const small = (key: keyof RunFigures) => result.small.map((run) => run[key]);
    const big = (key: keyof RunFigures) => result.big.map((run) => run[key]);
    return [
      result.call,
      result.database,
      cell(small("p50")),
      cell(small("p99")),
      cell(big("p50")),
      cell(big("p99")),
      ratio(spread(big("p99")).median, spread(small("p99")).median),
      cell(big("requestsPerSecond"), (value) => Math.round(value).toLocaleString("en")),
      String(sum([...small("failures"), ...big("failures")])),
    ].join(" | ");
  });
  return [header, rule, ...lines.map((line) => `| ${line} |`)].join("\n");
}
