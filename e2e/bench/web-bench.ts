/**
 * npm run bench:web (after npm run build): the web app as a phone visitor gets it from the real
 * server with the demo data. (a) The home's first load: every request its first screen makes and
 * the bytes each costs as sent with brotli, against a budget. (b) Lighthouse's default mobile
 * preset for home, a goods page and a search, BENCH_RUNS runs each, interleaved, against the
 * targets. There is no raw server to compare with here: bytes are set against the budget and
 * scores against the targets. Writes bench/web.md.
 *
 * Settings: BENCH_RUNS (3), BENCH_WEB_BUDGET_KB (170: the first load's brotli bytes, HTML, JS,
 * CSS, fonts, pictures and API answers together), BENCH_LIGHTHOUSE_DIR (also keep each run's
 * Lighthouse JSON there), CHROME_PATH (/usr/bin/chromium), BASE_URL (measure a running server
 * instead of starting one), BENCH_LIGHTHOUSE=0 (the first load only, for a quick look while
 * working; the section is written all the same).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describeMachine, loadAverage, spread } from "../../server/bench/http-report.js";
import { launchBrowser } from "../browser.js";
import { demoIds } from "../screens.js";
import { startServer } from "../server.js";
import { type LoadedResource, measureFirstLoad } from "./first-load.js";
import { type LighthouseFigures, runLighthouse } from "./lighthouse-runs.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET_BYTES = Number(process.env.BENCH_WEB_BUDGET_KB ?? 170) * 1000;
const reportDir = process.env.BENCH_LIGHTHOUSE_DIR;
const withLighthouse = process.env.BENCH_LIGHTHOUSE !== "0";
const resultsFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../bench/web.md");

/** A score of at least 95 and an LCP under 2.5 s; the rest are shown beside them. */
const TARGETS = { performance: 95, accessibility: 95, lcp: 2500 };

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value).toLocaleString("en")} ms`;
const cell = (values: number[], format: (value: number) => string) => {
  const { min, median, max } = spread(values);
  return `${format(median)} (${format(min)}–${format(max)})`;
};
const sum = (resources: LoadedResource[], key: "transferredBytes" | "bodyBytes") =>
  resources.reduce((total, resource) => total + resource[key], 0);

function firstLoadTable(runs: LoadedResource[][]): string {
  const last = runs[runs.length - 1] ?? [];
  const types = [...new Set(last.map((resource) => resource.type))];
  const rows = types.map((type) => {
    const ofType = last.filter((resource) => resource.type === type);
    return `| ${type} | ${ofType.length} | ${kB(sum(ofType, "transferredBytes"))} | ${kB(sum(ofType, "bodyBytes"))} | |`;
  });
  const totals = runs.map((run) => sum(run, "transferredBytes"));
  const ratio = spread(totals).median / BUDGET_BYTES;
  return [
    "| first load of `/` | requests | sent (brotli, with headers) | decoded | against the budget |",
    "|---|---:|---:|---:|---:|",
    ...rows,
    `| **all** | ${cell(
      runs.map((run) => run.length),
      String,
    )} | ${cell(totals, kB)} | ${kB(sum(last, "bodyBytes"))} | ${(ratio * 100).toFixed(0)}% of ${kB(BUDGET_BYTES)} |`,
  ].join("\n");
}

function lighthouseTable(results: Map<string, LighthouseFigures[]>): string {
  const metrics: [string, (figures: LighthouseFigures) => number, (value: number) => string, number?][] = [
    ["performance", (f) => f.performance, String, TARGETS.performance],
    ["accessibility", (f) => f.accessibility, String, TARGETS.accessibility],
    ["best practices", (f) => f.bestPractices, String],
    ["SEO", (f) => f.seo, String],
    ["LCP", (f) => f.lcp, ms, TARGETS.lcp],
    ["TBT", (f) => f.tbt, ms],
    ["CLS", (f) => f.cls, (value) => value.toFixed(3)],
    ["CPU benchmark index", (f) => f.benchmarkIndex, (value) => String(Math.round(value))],
  ];
  const lines = [...results]
    .filter(([, runs]) => runs.length > 0)
    .flatMap(([page, runs]) =>
      metrics.map(([name, pick, format, target]) => {
        const values = runs.map(pick);
        const median = spread(values).median;
        const versus =
          target === undefined
            ? ""
            : name === "LCP"
              ? `${((median / target) * 100).toFixed(0)}% of ${ms(target)} ${median < target ? "✓" : "✗"}`
              : `${((median / target) * 100).toFixed(0)}% of ${target} ${median >= target ? "✓" : "✗"}`;
        return `| ${page} | ${name} | ${cell(values, format)} | ${versus} |`;
      }),
    );
  return ["| page | metric | median (min–max) | against the target |", "|---|---|---:|---:|", ...lines].join("\n");
}

function flaggedAudits(results: Map<string, LighthouseFigures[]>): string {
  return [...results]
    .map(([page, runs]) => {
      const flagged = [...new Set(runs.flatMap((run) => run.flagged))].sort();
      return `- ${page}: ${flagged.length ? flagged.map((id) => `\`${id}\``).join(", ") : "none"}`;
    })
    .join("\n");
}

async function main() {
  const loadAtStart = loadAverage();
  const startedAt = new Date().toISOString();
  const server = process.env.BASE_URL ? null : await startServer();
  const baseUrl = process.env.BASE_URL ?? server?.url ?? "";
  const ids = await demoIds(baseUrl);
  const pages: [string, string][] = [
    ["home `/`", "/"],
    ["goods page `/goodsinfo/:id`", `/goodsinfo/${ids.goodsId}`],
    ["search `/search_result?keyword=手机`", `/search_result?keyword=${encodeURIComponent("手机")}`],
  ];
  if (reportDir) await fs.mkdir(reportDir, { recursive: true });

  const browser = await launchBrowser();
  const firstLoads: LoadedResource[][] = [];
  const lighthouseResults = new Map<string, LighthouseFigures[]>(pages.map(([name]) => [name, []]));
  try {
    for (let run = 1; run <= RUNS; run++) {
      firstLoads.push(await measureFirstLoad(browser, `${baseUrl}/`));
      for (const [index, [name, pagePath]] of withLighthouse ? pages.entries() : []) {
        const { figures, report } = await runLighthouse(`${baseUrl}${pagePath}`);
        lighthouseResults.get(name)?.push(figures);
        console.log(`run ${run} ${name}: ${JSON.stringify({ ...figures, flagged: figures.flagged.join(" ") })}`);
        if (reportDir) await fs.writeFile(path.join(reportDir, `page${index}-run${run}.json`), report);
      }
    }
  } finally {
    await browser.close();
    await server?.close();
  }

  const section = [
    "## Web: the home's first load and Lighthouse (mobile preset)",
    "",
    "Command: `npm run build && npm run bench:web`",
    "",
    `Date: ${startedAt}. Machine: ${describeMachine()}. Load average at start ${loadAtStart}, at end ${loadAverage()}.`,
    "",
    "The built app from the real server (`server/src/plugins/web-app.ts`) with the demo data. There is no raw",
    `server to set these against: the first load is set against a budget of ${kB(BUDGET_BYTES)} (brotli, everything`,
    "together), Lighthouse against the targets (performance and accessibility at least 95, LCP under 2.5 s).",
    `${RUNS} runs, interleaved (first load, then each page's Lighthouse run, repeated).`,
    "",
    "First load: every request a 360 px phone makes for `/` until the network is idle, without scrolling, each",
    "fetched again with `accept-encoding: br` (Chromium offers brotli only over HTTPS).",
    "",
    firstLoadTable(firstLoads),
    "",
    `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, default settings (mobile, simulated throttling), Debian's Chromium, a fresh browser per run.`,
    "",
    lighthouseTable(lighthouseResults),
    "",
    "The CPU benchmark index is Lighthouse's own measure of the machine at each run (higher is faster); the",
    "mobile preset slows the observed CPU work down 4 times, so on a busy machine (a low index) TBT and LCP grow.",
    "",
    "Audits below 0.9 in any run:",
    "",
    flaggedAudits(lighthouseResults),
    "",
  ].join("\n");
  await fs.mkdir(path.dirname(resultsFile), { recursive: true });
  await fs.writeFile(resultsFile, section);
  console.log(section);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
