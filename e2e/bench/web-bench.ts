/**
 * npm run bench:web (after npm run build): the web app as a phone visitor gets it from the real
 * server with the demo data. (a) The home's first load: every request its first screen makes and
 * the bytes each costs as sent with brotli, against a budget. (b) Lighthouse's default mobile
 * preset for home, a goods page and a search, BENCH_RUNS runs each, interleaved, against the
 * targets. There is no raw server to compare with here: bytes are set against the budget and
 * scores against the targets; given another build of the app (BENCH_WEB_REFERENCE), each figure
 * is also set against that build's, measured in turn in the same run. Writes bench/web.md.
 *
 * Settings: BENCH_RUNS (3), BENCH_WEB_BUDGET_KB (170: the first load's brotli bytes, HTML, JS,
 * CSS, fonts, pictures and API answers together), BENCH_WEB_REFERENCE (a directory holding another
 * build of web/dist, e.g. an earlier commit's, served by a second server of this code) and
 * BENCH_WEB_REFERENCE_LABEL (its name in the tables), BENCH_LIGHTHOUSE_DIR (also keep each run's
 * Lighthouse JSON there), CHROME_PATH (/usr/bin/chromium), BENCH_LIGHTHOUSE=0 (the first load
 * only, for a quick look while working).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describeMachine, loadAverage } from "../../server/bench/http-report.js";
import { launchBrowser } from "../browser.js";
import { demoIds } from "../screens.js";
import { type RunningServer, startServer } from "../server.js";
import { measureFirstLoad } from "./first-load.js";
import { runLighthouse } from "./lighthouse-runs.js";
import { type BuildResults, firstLoadTable, flaggedAudits, kB, lighthouseTable } from "./web-report.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET_BYTES = Number(process.env.BENCH_WEB_BUDGET_KB ?? 170) * 1000;
const referenceDist = process.env.BENCH_WEB_REFERENCE;
const referenceLabel = process.env.BENCH_WEB_REFERENCE_LABEL ?? "reference";
const reportDir = process.env.BENCH_LIGHTHOUSE_DIR;
const withLighthouse = process.env.BENCH_LIGHTHOUSE !== "0";
const resultsFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../bench/web.md");

interface Build extends BuildResults {
  server: RunningServer;
}

async function startBuild(label: string, webDist: string | undefined, pageNames: string[]): Promise<Build> {
  const server = await startServer(webDist);
  return { label, server, firstLoads: [], lighthouse: new Map(pageNames.map((name) => [name, []])) };
}

async function main() {
  const loadAtStart = loadAverage();
  const startedAt = new Date().toISOString();
  const pageNames = ["home `/`", "goods page `/goodsinfo/:id`", "search `/search_result?keyword=手机`"];
  const builds = [await startBuild("this build", undefined, pageNames)];
  if (referenceDist) builds.push(await startBuild(referenceLabel, path.resolve(referenceDist), pageNames));
  // Both servers load the same demo data, so the first goods is the same goods in each.
  const ids = await demoIds(builds[0]?.server.url ?? "");
  const pagePaths = ["/", `/goodsinfo/${ids.goodsId}`, `/search_result?keyword=${encodeURIComponent("手机")}`];
  if (reportDir) await fs.mkdir(reportDir, { recursive: true });

  const browser = await launchBrowser();
  try {
    for (let run = 1; run <= RUNS; run++) {
      for (const build of builds) build.firstLoads.push(await measureFirstLoad(browser, `${build.server.url}/`));
      for (const [index, name] of withLighthouse ? pageNames.entries() : []) {
        for (const [buildIndex, build] of builds.entries()) {
          const { figures, report } = await runLighthouse(`${build.server.url}${pagePaths[index]}`);
          build.lighthouse.get(name)?.push(figures);
          const shown = { ...figures, flagged: figures.flagged.length };
          console.log(`run ${run} ${build.label} ${name}: ${JSON.stringify(shown)}`);
          const file = `build${buildIndex}-page${index}-run${run}.json`;
          if (reportDir) await fs.writeFile(path.join(reportDir, file), report);
        }
      }
    }
  } finally {
    await browser.close();
    for (const build of builds) await build.server.close();
  }

  const [build, ...references] = builds as [Build, ...Build[]];
  const lighthouseVersion = (await import("lighthouse/package.json", { with: { type: "json" } })).default.version;
  const section = [
    "## Web: the home's first load and Lighthouse (mobile preset)",
    "",
    `Command: \`npm run build && ${referenceDist ? `BENCH_WEB_REFERENCE=${referenceDist} BENCH_WEB_REFERENCE_LABEL="${referenceLabel}" ` : ""}npm run bench:web\``,
    "",
    `Date: ${startedAt}. Machine: ${describeMachine()}. Load average at start ${loadAtStart}, at end ${loadAverage()}.`,
    "",
    "The built app from the real server (`server/src/plugins/web-app.ts`) with the demo data. There is no raw server",
    `to set these against: the first load is set against a budget of ${kB(BUDGET_BYTES)} (brotli, everything together),`,
    "Lighthouse against the targets (performance and accessibility at least 95, LCP under 2.5 s)",
    referenceDist
      ? `and both against ${referenceLabel}, another build served by a second server of the same code, measured in turn.`
      : "and nothing else.",
    `${RUNS} runs, interleaved (each run: the first loads, then each page's Lighthouse run on each build).`,
    "",
    "First load: every request a 360 px phone makes for `/` until the network is idle, without scrolling, each",
    "fetched again with `accept-encoding: br` (Chromium offers brotli only over HTTPS). The pictures a build",
    "loads lazily count only when the browser reached them before going idle; HTML, JS and CSS are what the",
    "build decides, and compare exactly. The service worker (registered once the first screen is up) then fetches",
    "its script and precaches the build in the background: counted apart, in its own row, not in the first load.",
    "",
    firstLoadTable(build, BUDGET_BYTES, references),
    "",
    `Lighthouse ${lighthouseVersion}, default settings (mobile, simulated throttling), Debian's Chromium, a fresh browser per run.`,
    "",
    lighthouseTable(build, references),
    "",
    "The CPU benchmark index is Lighthouse's own measure of the machine at each run (higher is faster); the",
    "mobile preset slows the observed CPU work down 4 times, so on a busy machine (a low index) TBT and LCP grow.",
    "",
    `Audits below 0.9 in any run of ${build.label}:`,
    "",
    flaggedAudits(build),
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
