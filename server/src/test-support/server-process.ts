import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { DatabaseTarget, Db } from "../db/database.js";
import { insertSession } from "../features/accounts/session-repository.js";
import { insertUser } from "../features/accounts/user-repository.js";
import { isoAfterSeconds, nowIso } from "../lib/clock.js";
import { randomToken, sha256 } from "../lib/secrets.js";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ServerProcess {
  http: string;
  ws: string;
  child: ChildProcess;
}

/** A real server process, as `npm start` runs one, on the given database and Redis. */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(path.join(serverDir, "../node_modules/.bin/tsx"), ["--conditions=source", "src/main.ts"], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", DEMO_DATA: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk;
      const address = /"address":"(http:\/\/[^"]+)"/.exec(output)?.[1];
      if (address) {
        clearTimeout(timer);
        resolve({ http: address, ws: address.replace("http", "ws"), child });
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

export async function signedInUser(db: Db, name: string) {
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

/** Calls a server process over HTTP and reads the envelope. */
export async function api(server: ServerProcess, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${server.http}${url}`, {
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

/** Sends SIGTERM and waits until the process has exited. */
export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

/** The DATABASE_URL a server process needs to use a test's PostgreSQL schema. */
export function serverDatabaseUrl(target: DatabaseTarget): string {
  const url = new URL(target.postgresUrl as string);
  url.searchParams.set("options", `-c search_path=${target.postgresSchema},public`);
  return url.toString();
}
