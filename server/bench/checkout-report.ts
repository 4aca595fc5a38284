/** The checkout benchmark's figures: each step's and each whole purchase's latency and rate, and the markdown. */
import { spread } from "./http-report.js";
import { percentile } from "./mixed-report.js";

/** A protected purchase, request by request: 立即购买, 支付, the provider's webhook, 发货, 确认收货. */
export const STEPS = ["order", "pay", "webhook", "ship", "confirm"] as const;
export type Step = (typeof STEPS)[number];

export interface StepFigures {
  /** Each answered request's latency, ms. */
  latencies: number[];
  failures: number;
  /** What the first failed answer said, printed so a failing run is understood. */
  firstFailure?: string;
}

/** One run of all the buyers against one server. */
export interface RunResult {
  seconds: number;
  /** Each completed purchase's time in the server: the sum of its five requests' latencies, ms. */
  purchases: number[];
  steps: Record<Step, StepFigures>;
}

export interface CheckoutResult {
  database: string;
  product: RunResult[];
  raw: RunResult[];
  /** The ledger check and the count of completed orders after the runs. */
  proof: string;
}

export function emptySteps(): Record<Step, StepFigures> {
  const steps: Partial<Record<Step, StepFigures>> = {};
  for (const step of STEPS) steps[step] = { latencies: [], failures: 0 };
  return steps as Record<Step, StepFigures>;
}

const WHOLE = "whole purchase";

const ms = (value: number) =>
  Number.isNaN(value) ? "–" : value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString("en");
const rate = (value: number) => (value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString("en"));
const cell = (values: number[], format: (value: number) => string) => {
  const { min, median, max } = spread(values);
  return `${format(median)} (${format(min)}–${format(max)})`;
};
const median = (values: number[]) => spread(values).median;

/** A step's latencies in a run, or the whole purchases' for the last row. */
const latenciesOf = (run: RunResult, row: Step | typeof WHOLE) =>
  row === WHOLE ? run.purchases : run.steps[row].latencies;
const failuresOf = (run: RunResult, row: Step | typeof WHOLE) =>
  row === WHOLE ? STEPS.reduce((sum, step) => sum + run.steps[step].failures, 0) : run.steps[row].failures;

export const purchasesPerSecond = (run: RunResult) => run.purchases.length / run.seconds;

export function firstFailures(result: CheckoutResult): string[] {
  return STEPS.flatMap((step) => {
    const said = result.product.find((run) => run.steps[step].firstFailure)?.steps[step].firstFailure;
    return said ? [`${result.database} ${step}: the first failure answered ${said}`] : [];
  });
}

function resultTable(result: CheckoutResult): string {
  const rows = [...STEPS, WHOLE] as const;
  const lines = rows.map((row) => {
    const p = (runs: RunResult[], q: number) => runs.map((run) => percentile(latenciesOf(run, row), q));
    const perSecond = (runs: RunResult[]) => runs.map((run) => latenciesOf(run, row).length / run.seconds);
    const rateRatio = (median(perSecond(result.product)) / median(perSecond(result.raw))) * 100;
    const p50Ratio = median(p(result.product, 0.5)) / median(p(result.raw, 0.5));
    const failed = (runs: RunResult[]) => runs.reduce((sum, run) => sum + failuresOf(run, row), 0);
    const label = row === WHOLE ? `**${row}**` : `\`${row}\``;
    return `| ${label} | ${cell(p(result.product, 0.5), ms)} | ${cell(p(result.product, 0.99), ms)} | ${cell(perSecond(result.product), rate)} | ${ms(median(p(result.raw, 0.5)))} / ${ms(median(p(result.raw, 0.99)))} | ${rate(median(perSecond(result.raw)))} | ${rateRatio.toFixed(1)}% | ${p50Ratio.toFixed(0)}× | ${failed(result.product)} / ${failed(result.raw)} |`;
  });
  return [
    "| step | product p50 ms | product p99 ms | product req/s | raw p50 / p99 ms | raw req/s | req/s product/raw | p50 product/raw | failed (product / raw) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...lines,
  ].join("\n");
}

function databaseSection(result: CheckoutResult): string {
  const product = result.product.map(purchasesPerSecond);
  const raw = result.raw.map(purchasesPerSecond);
  return [
    `### ${result.database}`,
    "",
    `- Whole purchases per second: product ${cell(product, rate)}, raw ${cell(raw, rate)}: product/raw ${((median(product) / median(raw)) * 100).toFixed(1)}%`,
    `- After the runs: ${result.proof}`,
    "",
    resultTable(result),
    "",
  ].join("\n");
}

/** The bench's settings, as the report states them. */
export interface CheckoutSettings {
  clients: number;
  users: number;
  goods: number;
  seconds: number;
  runs: number;
  warmUpSeconds: number;
}

/** bench/checkout.md: how it ran (`runLines`), what it measures, and each database's figures. */
export function report(results: CheckoutResult[], settings: CheckoutSettings, runLines: string[]): string {
  const { clients, users, goods, seconds, runs, warmUpSeconds } = settings;
  return [
    `## Checkout: ${clients} buyers making protected purchases, ${goods.toLocaleString("en")} goods`,
    "",
    ...runLines,
    `- ${clients} buyers, signed-in users of ${users.toLocaleString("en")} who are also the goods' sellers (bulk-loaded), each on a kept-alive connection of its own, making whole purchases back to back (no pause: a closed loop, so purchases/s ≈ buyers ÷ a purchase's time) for ${seconds} s per run; ${runs} runs per server, interleaved (product, raw, …) after a ${warmUpSeconds} s warm-up each. Each purchase buys goods no purchase bought before, from another user`,
    "- A purchase, five requests: `order` 立即购买 (POST /api/orders, 面交: the goods reserved, the order and its deal made, the sandbox's payment started); `pay` 支付 on the sandbox's pay page (told to send no webhook itself); `webhook` the provider's signed notice (HMAC-SHA256), posted by the bench as the sandbox would, so it is timed as one request (verified, taken once by event id, the order paid, the ledger posted); `ship` the seller's 确认面交; `confirm` the buyer's 确认收货 (the order completed, the goods sold, the money released through the sandbox and posted). Between `pay` and `webhook` the bench reads the payment's number from the sandbox's books, outside the timed requests (for both servers)",
    "- Product: the real server in a process of its own (log level warn, SANDBOX_WEBHOOK_DELAY_MS=0, RATE_LIMIT_MULTIPLIER=100000: the product's setting for its limits, no check removed); raw: a Node `http` server answering each step's request (same bodies and headers) with the product's recorded answer (same bytes), the floor of this load generator on this machine",
    "- Cells: median of the runs (min–max). A run's p50/p99 is over every request of that step in it; a whole purchase's time is the sum of its five requests' latencies; req/s counts that step's answered requests (whole purchase: the completed ones)",
    "- After the runs (the product stopped): the ledger check of `npm run ledger:check` (every transaction balances; what the ledger says the provider holds equals the orders' states and the sandbox's own books), and as many completed orders as purchases the bench saw confirmed; the bench fails otherwise",
    "",
    ...results.map(databaseSection),
  ].join("\n");
}
