/**
 * Runs one of the server's periodic jobs once, now, on the database and settings the server uses:
 *   npm run job -- <name>
 *   npm run job            (lists them)
 * A running server runs each on its own period (src/jobs/chores.ts, and the features' own jobs);
 * this runs one by hand, whatever its lease: to purge at once, or to see a failing job's error.
 */
import { parseArgs } from "node:util";
import { buildApp } from "../src/app.js";
import { ConfigError, loadConfig, repoRoot } from "../src/config.js";
import { readEnvironment } from "../src/env-files.js";

class UsageError extends Error {}

async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const environment = readEnvironment(repoRoot);
  const config = loadConfig(environment.values, environment.sources);
  const app = await buildApp({ ...config, webDist: null }, { jobsByHandOnly: true });
  try {
    const jobs = app.jobs.list();
    const names = jobs.map((job) => job.name);
    const [name] = positionals;
    if (positionals.length > 1 || (name !== undefined && !names.includes(name))) {
      throw new UsageError(`usage: npm run job -- <name>, one of: ${names.join(", ")}`);
    }
    if (name === undefined) {
      for (const job of jobs) console.log(`${job.name}: ${job.does}`);
      return 0;
    }
    const outcome = await app.jobs.runNow(name);
    console.log(`${name}: ${outcome}`);
    return outcome === "ok" ? 0 : 1;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof UsageError || error instanceof ConfigError ? error.message : error);
    process.exit(2);
  },
);
