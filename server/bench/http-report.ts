/** The HTTP benchmark's figures: a spread over the interleaved runs, and the markdown table. */
import os from "node:os";

/** One autocannon run, reduced to what the table shows. */
export interface RunFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, and connection errors and timeouts: a run with any is not comparable. */
  failures: number;
}

export interface EndpointResult {
  endpoint: string;
  database: string;
  bodyBytes: number;
  product: RunFigures[];
  raw: RunFigures[];
}

export interface Spread {
  min: number;
  median: number;
  max: number;
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median =
    sorted.length % 2 === 1
      ? (sorted[Math.floor(middle)] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { min: sorted[0] as number, median, max: sorted[sorted.length - 1] as number };
}

/** The machine as it was: its cores and how busy it was (the load average over 1, 5, 15 minutes). */
export function describeMachine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`;
}

/** The lines every report opens with: how to run it again, when and where it ran, how busy the machine was. */
export function runLines(command: string, started: Date, loadAtStart: string): string[] {
  return [
    `- Command: \`${command}\``,
    `- Date: ${started.toISOString()}; machine: ${describeMachine()}`,
    `- Load average (1 / 5 / 15 min): ${loadAtStart} at the start, ${loadAverage()} at the end`,
  ];
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(" / ");
}

const whole = (value: number) => Math.round(value).toLocaleString("en");
const ms = (value: number) => (value < 10 ? value.toFixed(1) : whole(value));
const cell = (values: number[], format: (value: number) => string) => {
  const { min, median, max } = spread(values);
  return `${format(median)} (${format(min)}–${format(max)})`;
};
const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function resultTable(results: EndpointResult[]): string {
  const header =
    "| endpoint | database | body | product req/s median (min–max) | raw req/s median (min–max) | product/raw | product p50 ms | product p99 ms | raw p50 / p99 ms | failed answers |";
  const rule = "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|";
  const lines = results.map((result) => {
    const product = (key: keyof RunFigures) => result.product.map((run) => run[key]);
    const raw = (key: keyof RunFigures) => result.raw.map((run) => run[key]);
    const ratio = spread(product("requestsPerSecond")).median / spread(raw("requestsPerSecond")).median;
    const failures = [...product("failures"), ...raw("failures")].reduce((sum, count) => sum + count, 0);
    return [
      result.endpoint,
      result.database,
      kilobytes(result.bodyBytes),
      cell(product("requestsPerSecond"), whole),
      cell(raw("requestsPerSecond"), whole),
      `${(ratio * 100).toFixed(1)}%`,
      cell(product("p50"), ms),
      cell(product("p99"), ms),
      `${ms(spread(raw("p50")).median)} / ${ms(spread(raw("p99")).median)}`,
      String(failures),
    ].join(" | ");
  });
  return [header, rule, ...lines.map((line) => `| ${line} |`)].join("\n");
}
