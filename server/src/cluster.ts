import cluster, { type Worker } from "node:cluster";
import { type Config, ConfigError, loadConfig, repoRoot } from "./config.js";
import { readEnvironment } from "./env-files.js";

/**
 * `npm run start:cluster`: `WORKERS` server processes sharing one port through node:cluster (the
 * primary accepts connections and hands them round in turn). Each worker is the server `npm start`
 * runs (main.ts); this primary only starts, restarts and stops them.
 */

/** Longest wait before starting again a worker that keeps dying before it listens (database away). */
const RESTART_DELAY_MAX_MS = 30_000;
/** How long past SHUTDOWN_TIMEOUT_MS the primary waits for its workers before killing them. */
const STOP_MARGIN_MS = 5_000;

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Number.POSITIVE_INFINITY };

/** The primary's log lines, in the workers' format (pino's JSON lines). */
function logger(level: string) {
  const least = LEVELS[level as keyof typeof LEVELS] ?? LEVELS.info;
  return (at: "info" | "warn" | "error", msg: string, fields: Record<string, unknown> = {}) => {
    if (LEVELS[at] < least) return;
    const line = { level: LEVELS[at], time: Date.now(), pid: process.pid, role: "primary", ...fields, msg };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };
}

/** Why the settings cannot run several processes, or null when they can. */
function refusalOf(config: Config): string | null {
  const missing = [config.databaseUrl ? null : "DATABASE_URL", config.redisUrl ? null : "REDIS_URL"].filter(Boolean);
  if (missing.length === 0) return null;
  return [
    `npm run start:cluster needs ${missing.join(" and ")}.`,
    "  DATABASE_URL: a PostgreSQL database; SQLite serves one process only.",
    "  REDIS_URL: chat, notifications, request limits and periodic jobs shared by the processes.",
    "Set them (README: Configuration), or run one process with npm start.",
  ].join("\n");
}

class Primary {
  readonly #live = new Set<Worker>();
  readonly #listening = new WeakSet<Worker>();
  readonly #restarts = new Set<NodeJS.Timeout>();
  #earlyDeaths = 0;
  #stopping = false;
  #failed = false;

  constructor(
    private readonly config: Config,
    private readonly log: ReturnType<typeof logger>,
  ) {}

  /** The first worker migrates the database (and adds the demo data) alone; the others follow. */
  async start(): Promise<void> {
    process.once("SIGTERM", () => this.stop("SIGTERM"));
    process.once("SIGINT", () => this.stop("SIGINT"));
    const first = this.#fork();
    const listening = await new Promise<boolean>((resolve) => {
      first.once("listening", () => resolve(true));
      first.once("exit", () => resolve(false));
    });
    if (!listening) {
      this.log("error", "the first worker could not start (see its log above): stopping");
      process.exit(1);
    }
    for (let i = 1; i < this.config.workers && !this.#stopping; i += 1) this.#fork();
    this.log("info", `started ${this.config.workers} workers`, { workers: this.config.workers });
  }

  #fork(): Worker {
    const worker = cluster.fork();
    this.#live.add(worker);
    worker.once("listening", () => {
      this.#listening.add(worker);
      this.#earlyDeaths = 0;
    });
    worker.once("exit", (code, signal) => this.#exited(worker, code, signal));
    return worker;
  }

  #exited(worker: Worker, code: number | null, signal: string | null): void {
    this.#live.delete(worker);
    const pid = worker.process.pid;
    if (this.#stopping) {
      if (code !== 0) this.#failed = true;
      if (this.#live.size === 0) this.#exit();
      return;
    }
    // A worker that dies at once (its database away) is restarted ever more slowly, not in a loop.
    const delayMs = this.#listening.has(worker) ? 0 : Math.min(RESTART_DELAY_MAX_MS, 1000 * 2 ** this.#earlyDeaths++);
    this.log("warn", "a worker died: starting another", { worker: pid, code, signal, delayMs });
    const timer = setTimeout(() => {
      this.#restarts.delete(timer);
      if (!this.#stopping) this.#fork();
    }, delayMs);
    this.#restarts.add(timer);
  }

  /** Each worker finishes its requests in flight (as `npm start` does on SIGTERM); then the primary exits. */
  stop(signal: NodeJS.Signals): void {
    if (this.#stopping) return;
    this.#stopping = true;
    this.log("info", "shutting down: stopping the workers", { signal });
    for (const timer of this.#restarts) clearTimeout(timer);
    if (this.#live.size === 0) this.#exit();
    for (const worker of this.#live) worker.process.kill("SIGTERM");
    setTimeout(() => {
      this.log("error", "workers still running after the shutdown timeout: killing them");
      for (const worker of this.#live) worker.process.kill("SIGKILL");
      process.exit(1);
    }, this.config.shutdownTimeoutMs + STOP_MARGIN_MS).unref();
  }

  #exit(): never {
    this.log("info", "shut down");
    process.exit(this.#failed ? 1 : 0);
  }
}

function runPrimary(): void {
  let config: Config;
  try {
    const { values, sources } = readEnvironment(repoRoot);
    config = loadConfig(values, sources);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  const refusal = refusalOf(config);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  void new Primary(config, logger(config.logLevel)).start();
}

if (cluster.isPrimary) runPrimary();
else void import("./main.js");
