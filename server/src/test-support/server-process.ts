import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type DatabaseTarget, type Db, openDatabase } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import { insertSession, insertUser } from "../features/accounts/index.js";
import { isoAfterSeconds, nowIso } from "../lib/clock.js";
import { randomToken, sha256 } from "../lib/secrets.js";
import { createTestDatabase, testDatabase } from "./test-app.js";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ServerProcess {
  url: string;
  /** The same address for WebSocket clients. */
  ws: string;
  child: ChildProcess;
  /** Resolves once the process has exited, however it ended. */
  exited: Promise<void>;
  /** Everything the process has written to stdout and stderr so far (its log lines). */
  output(): string;
}

/**
 * A real server process, as `npm run dev` runs one (tsx, the workspace packages from source). Node
 * loads tsx itself rather than through the tsx command, which would put the server in a child
 * process of its own, out of reach of a kill -9. `script` may be `src/cluster.ts`: it resolves once
 * the first worker listens.
 */
export function startServer(env: Record<string, string>, script = "src/main.ts"): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=source", script], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", DEMO_DATA: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk;
      const url = /"address":"(http:\/\/[^"]+)"/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, ws: url.replace("http", "ws"), child, exited, output: () => output });
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/** Sends SIGTERM and waits until the process has exited. */
export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill("SIGTERM");
  await server.exited;
}

/** kill -9: no shutdown hook runs, as when the machine or the OOM killer stops the process. */
export async function killHard(server: ServerProcess): Promise<void> {
  server.child.kill("SIGKILL");
  await server.exited;
}

export interface ServerData {
  dataDir: string;
  /** What a server process needs to run on this data. */
  env: Record<string, string>;
  /** The same database, opened by the test to arrange and check rows. */
  db: Db;
  remove(): Promise<void>;
}

/**
 * A data folder and a migrated database of their own: SQLite in the folder, or a PostgreSQL schema
 * (the suite's database, or `database` when given).
 */
export async function createServerData(database = testDatabase()): Promise<ServerData> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-process-"));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  const postgres = database === "postgres" ? await createTestDatabase(dataDir, database) : null;
  if (postgres) env.DATABASE_URL = serverDatabaseUrl(postgres.target);
  const db = openDatabase(postgres?.target ?? { sqliteFile: path.join(dataDir, "xianzhi.db") });
  await migrateToLatest(db);
  return {
    dataDir,
    env,
    db,
    async remove() {
      await db.destroy();
      await postgres?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A user with a session, made in the database: the tests here are about processes, not sign-in. */
export async function signedInUser(db: Db, name: string): Promise<{ id: string; token: string }> {
  const user = await insertUser(db, { username: name, email: `${name}@example.com`, passwordHash: "x", now: nowIso() });
  const token = randomToken();
  await insertSession(db, {
    userId: user.id,
    tokenHash: sha256(token),
    now: nowIso(),
    expiresAt: isoAfterSeconds(3600),
  });
  return { id: String(user.id), token };
}

/** Polls until the condition holds; fails after `timeoutMs`. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Calls a server process over HTTP and reads the envelope. */
export async function api(server: ServerProcess, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the reply holds
  const envelope = (await response.json()) as { code: number; msg: string; data: any };
  return { status: response.status, ...envelope };
}

/** The DATABASE_URL a server process needs to use a test's PostgreSQL schema. */
export function serverDatabaseUrl(target: DatabaseTarget): string {
  const url = new URL(target.postgresUrl as string);
  url.searchParams.set("options", `-c search_path=${target.postgresSchema},public`);
  return url.toString();
}
