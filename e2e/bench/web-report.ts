/** The web benchmark's tables: the first load against the budget, Lighthouse against the targets and the reference build. */
import { spread } from "../../server/bench/http-report.js";
import { type LoadedResource, WORKER_TYPE } from "./first-load.js";
import type { LighthouseFigures } from "./lighthouse-runs.js";

/** What one build of the app gave over the runs. */
export interface BuildResults {
  label: string;
  firstLoads: LoadedResource[][];
  /** Page name -> one figure set per run. */
  lighthouse: Map<string, LighthouseFigures[]>;
}

/** A score of at least 95 and an LCP under 2.5 s; the rest are shown beside them. */
const TARGETS = { performance: 95, accessibility: 95, lcp: 2500 };

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value).toLocaleString("en")} ms`;
const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
const cell = (values: number[], format: (value: number) => string) => {
  const { min, median, max } = spread(values);
  return `${format(median)} (${format(min)}–${format(max)})`;
};
const median = (values: number[]) => spread(values).median;
const sum = (resources: LoadedResource[], key: "transferredBytes" | "bodyBytes") =>
  resources.reduce((total, resource) => total + resource[key], 0);
/** The first screen's requests: what the service worker fetches after it (WORKER_TYPE) is shown apart. */
const firstScreen = (run: LoadedResource[]) => run.filter((resource) => resource.type !== WORKER_TYPE);
const totals = (build: BuildResults) => build.firstLoads.map((run) => sum(firstScreen(run), "transferredBytes"));
const CODE_TYPES = new Set(["document", "script", "stylesheet"]);
/** HTML, JS and CSS: what the build decides. Lazy pictures count only when the browser reached them before going idle, which varies from run to run. */
const codeTotals = (build: BuildResults) =>
  build.firstLoads.map((run) =>
    sum(
      run.filter((resource) => CODE_TYPES.has(resource.type)),
      "transferredBytes",
    ),
  );

/** The build's last first load by resource type, its total over the runs, and the total of each reference. */
export function firstLoadTable(build: BuildResults, budgetBytes: number, references: BuildResults[]): string {
  const last = build.firstLoads[build.firstLoads.length - 1] ?? [];
  const types = [...new Set(last.map((resource) => resource.type))];
  const row = (label: string, resources: LoadedResource[], total: string, code: string, versus: string) =>
    `| ${label} | ${resources.length} | ${total} | ${code} | ${kB(sum(resources, "bodyBytes"))} | ${versus} |`;
  const totalRow = (of: BuildResults) => {
    const resources = firstScreen(of.firstLoads[of.firstLoads.length - 1] ?? []);
    const versus = `${percent(median(totals(of)) / budgetBytes)} of ${kB(budgetBytes)}`;
    return row(`**all, ${of.label}**`, resources, cell(totals(of), kB), cell(codeTotals(of), kB), versus);
  };
  const ratio = (reference: BuildResults) => {
    const all = percent(median(totals(build)) / median(totals(reference)));
    const code = percent(median(codeTotals(build)) / median(codeTotals(reference)));
    return `| ${build.label} / ${reference.label} | | ${all} | ${code} | | |`;
  };
  return [
    "| first load of `/` | requests | sent (brotli, with headers) | of which HTML, JS, CSS | decoded | against the budget |",
    "|---|---:|---:|---:|---:|---:|",
    ...types
      .filter((type) => type !== WORKER_TYPE)
      .map((type) => {
        const ofType = last.filter((resource) => resource.type === type);
        return row(type, ofType, kB(sum(ofType, "transferredBytes")), "", "");
      }),
    totalRow(build),
    ...[build, ...references].flatMap((of) => {
      const worker = (of.firstLoads[of.firstLoads.length - 1] ?? []).filter(
        (resource) => resource.type === WORKER_TYPE,
      );
      const label = `then the service worker, ${of.label} (its script and precache, in the background)`;
      return worker.length === 0 ? [] : [row(label, worker, kB(sum(worker, "transferredBytes")), "", "")];
    }),
    ...references.map(totalRow),
    ...references.map(ratio),
  ].join("\n");
}

type Metric = [name: string, pick: (figures: LighthouseFigures) => number, format: (value: number) => string];

const METRICS: Metric[] = [
  ["performance", (f) => f.performance, String],
  ["accessibility", (f) => f.accessibility, String],
  ["best practices", (f) => f.bestPractices, String],
  ["SEO", (f) => f.seo, String],
  ["LCP", (f) => f.lcp, ms],
  ["TBT", (f) => f.tbt, ms],
  ["CLS", (f) => f.cls, (value) => value.toFixed(3)],
  ["CPU benchmark index", (f) => f.benchmarkIndex, (value) => String(Math.round(value))],
];

function againstTarget(name: string, value: number): string {
  if (name === "LCP") return `${percent(value / TARGETS.lcp)} of ${ms(TARGETS.lcp)} ${value < TARGETS.lcp ? "✓" : "✗"}`;
  const target = name === "performance" ? TARGETS.performance : name === "accessibility" ? TARGETS.accessibility : null;
  if (target === null) return "";
  return `${percent(value / target)} of ${target} ${value >= target ? "✓" : "✗"}`;
}

/** Per page and metric: the build's median (min–max), each reference's, their ratio, and the target. */
export function lighthouseTable(build: BuildResults, references: BuildResults[]): string {
  const header = [
    "page",
    "metric",
    `${build.label}: median (min–max)`,
    ...references.flatMap((reference) => [
      `${reference.label}: median (min–max)`,
      `${build.label} / ${reference.label}`,
    ]),
    "against the target",
  ];
  const lines = [...build.lighthouse]
    .filter(([, runs]) => runs.length > 0)
    .flatMap(([page, runs]) =>
      METRICS.map(([name, pick, format]) => {
        const values = runs.map(pick);
        const beside = references.flatMap((reference) => {
          const theirs = (reference.lighthouse.get(page) ?? []).map(pick);
          const ratio = median(theirs) === 0 ? "" : percent(median(values) / median(theirs));
          return [cell(theirs, format), ratio];
        });
        return [page, name, cell(values, format), ...beside, againstTarget(name, median(values))];
      }),
    );
  return [header, header.map((_, i) => (i < 2 ? "---" : "---:")), ...lines]
    .map((cells) => `| ${cells.join(" | ")} |`)
    .join("\n");
}

/** The audits that scored below 0.9 in any run, per page. */
export function flaggedAudits(build: BuildResults): string {
  return [...build.lighthouse]
    .map(([page, runs]) => {
      const flagged = [...new Set(runs.flatMap((run) => run.flagged))].sort();
      return `- ${page}: ${flagged.length ? flagged.map((id) => `\`${id}\``).join(", ") : "none"}`;
    })
    .join("\n");
}
