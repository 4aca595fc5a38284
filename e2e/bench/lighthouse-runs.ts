/** Lighthouse with its default settings (the mobile preset, simulated throttling) in Debian's Chromium. */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds. */
  lcp: number;
  /** Milliseconds. */
  tbt: number;
  cls: number;
  /** Lighthouse's measure of this machine's speed at the run (higher is faster): a busy machine scores low and its TBT runs long. */
  benchmarkIndex: number;
  /** Audits that scored below 0.9, for the reader who wants to know what to fix. */
  flagged: string[];
}

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const ATTEMPTS = 3;

/**
 * One Lighthouse run in a Chromium of its own, so no run finds another's cache. A run whose trace
 * Lighthouse could not read (NO_NAVSTART and the like, seen now and then on a busy machine) scores
 * zero: it is run again, up to three times in all.
 */
export async function runLighthouse(url: string): Promise<{ figures: LighthouseFigures; report: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.warn(`Lighthouse run of ${url} failed (${error}), running it again`);
    }
  }
}

async function runOnce(url: string): Promise<{ figures: LighthouseFigures; report: string }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.code);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const flagged = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
      .map((audit) => audit.id);
    const figures: LighthouseFigures = {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcp: numeric("largest-contentful-paint"),
      tbt: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      flagged,
    };
    return { figures, report: String(result.report) };
  } finally {
    chrome.kill();
  }
}
