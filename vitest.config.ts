import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const inCi = process.env.CI === "true";
const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

if (inCi && (!postgresUrl || !redisUrl)) {
  throw new Error("CI must test PostgreSQL and Redis too: set TEST_DATABASE_URL and TEST_REDIS_URL (see .ci/run)");
}
if (!postgresUrl || !redisUrl) {
  console.warn(
    "TEST_DATABASE_URL or TEST_REDIS_URL is not set: the PostgreSQL suite and the multi-process tests (server *.cluster.test.ts, e2e/three-processes.test.ts) do not run",
  );
}

/** Browser tests that run after the others, one at a time (see the e2e-alone project). */
const E2E_ALONE = ["dev-command.test.ts"];

/**
 * The browser files that take longest, longest first. Vitest starts larger files first when it has
 * no timings (a fresh clone, CI): accessibility.test.ts, short but five minutes long, started last
 * and ran alone at the end while the other worker stood idle.
 */
const E2E_LONGEST_FIRST = ["accessibility.test.ts", "shell.test.ts", "chat.test.ts"];

/** Vitest's order, with the longest browser files moved to the front of theirs. */
class LongestBrowserFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = E2E_LONGEST_FIRST.findIndex((name) => spec.moduleId.endsWith(`/e2e/${name}`));
      return index < 0 ? E2E_LONGEST_FIRST.length : index;
    };
    const places = sorted.flatMap((spec, index) => (spec.project.name === "e2e" ? [index] : []));
    const browserFiles = places.map((index) => sorted[index] as TestSpecification);
    // Array.prototype.sort is stable: the other files keep Vitest's order.
    browserFiles.sort((a, b) => rank(a) - rank(b));
    places.forEach((place, i) => {
      sorted[place] = browserFiles[i] as TestSpecification;
    });
    return sorted;
  }
}

/** Workspace packages are imported from their TypeScript source, not their build. */
const fromSource = { resolve: { conditions: ["source"] }, ssr: { resolve: { conditions: ["source"] } } };

/**
 * Suites named *.cluster.test.ts need PostgreSQL and Redis: they run with the PostgreSQL suite.
 * Suites that bring their own servers (a throwaway PostgreSQL cluster, a server process to stop)
 * do not depend on the test database, and the SQLite lock and checkpoints and the words SQLite's
 * search holds in memory are SQLite's own: they run once, with the SQLite suite. So do suites of
 * what no database touches: the API document's sources, the client address behind proxies.
 */
const RUN_ONCE = [
  "src/openapi/readme-api-table.test.ts",
  "src/openapi/typed-client.test.ts",
  "src/http/trust-proxy.test.ts",
  "src/db/database-faults.test.ts",
  "src/shutdown.test.ts",
  "src/db/sqlite-lock.test.ts",
  "src/db/sqlite-checkpoints.test.ts",
  "src/db/sqlite-statements.test.ts",
  "src/db/sqlite-readers.test.ts",
  "src/features/goods/word-sets.test.ts",
  "src/features/goods/match-sets.test.ts",
  "src/features/goods/price-band-plan.test.ts",
  "src/features/payments/alipay/alipay-notify.test.ts",
  "src/features/payments/alipay/alipay-provider.test.ts",
];

function serverSuite(database: "sqlite" | "postgres"): TestProjectInlineConfiguration {
  return {
    ...fromSource,
    test: {
      name: `server:${database}`,
      root: "server",
      // commands/: the data commands (npm run db:…), run on each database like the server.
      include: ["src/**/*.test.ts", "commands/**/*.test.ts"],
      exclude: [
        ...(database === "sqlite" || !redisUrl ? ["src/**/*.cluster.test.ts"] : []),
        ...(database === "postgres" ? RUN_ONCE : []),
      ],
      env: { TEST_DB: database },
      // Each file builds its own apps and databases: the modules they import are loaded once per
      // worker, not once per file (a third of the suite's time went to loading them again).
      isolate: false,
      testTimeout: 20_000,
      hookTimeout: 30_000,
    },
  };
}

export default defineConfig({
  test: {
    // The machines CI runs on have 2 cores, where Vitest would run one file at a time; server files
    // wait on their databases, child processes and timers much of the time.
    maxWorkers: 2,
    sequence: { sequencer: LongestBrowserFilesFirst },
    projects: [
      { ...fromSource, test: { name: "contract", root: "packages/contract", include: ["src/**/*.test.ts"] } },
      { ...fromSource, test: { name: "web", root: "web", include: ["src/**/*.test.ts"] } },
      // The checks npm test runs first: the import rules and the browser install.
      { ...fromSource, test: { name: "scripts", root: "scripts", include: ["*.test.mjs", "*.test.ts"] } },
      // Browser tests of the built app (npm test builds it first) in Debian's Chromium.
      {
        ...fromSource,
        test: {
          name: "e2e",
          root: "e2e",
          include: ["**/*.test.ts"],
          exclude: [...E2E_ALONE, "**/node_modules/**"],
          globalSetup: ["./seeded-data.ts"],
          // Each file starts its own server and browser: the server's modules are loaded once per
          // worker, not once per file (loading them again took a quarter of the files' time).
          isolate: false,
          // After the rest, two files at a time: a file's browser and server keep 0.7 of a core busy
          // on average (they mostly wait on animations, sockets and polls), so one at a time left
          // the machine two-thirds idle for half of CI's time.
          maxWorkers: 2,
          // No second try: a browser test's data stays behind on its server, so a retry meets
          // the first try's goods and deals and fails on them instead (CI, stop 35).
          sequence: { groupOrder: 1 },
          // Tests a file marks concurrent (screens that only look) run three at a time.
          maxConcurrency: 3,
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // The browser and the server share this machine with each other: what a screen shows
          // comes in time, though not always within expect.poll's default second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      // `npm run dev` in a fresh clone (Vite, tsx watch, the server) wants the machine to itself:
      // beside another browser test its page waited past four minutes for the change once.
      {
        ...fromSource,
        test: {
          name: "e2e-alone",
          root: "e2e",
          include: E2E_ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 90_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      serverSuite("sqlite"),
      ...(postgresUrl ? [serverSuite("postgres")] : []),
    ],
  },
});
