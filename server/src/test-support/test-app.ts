import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import pg from "pg";
import { type BuildOptions, buildApp } from "../app.js";
import { type Config, loadConfig } from "../config.js";
import type { DatabaseTarget } from "../db/database.js";

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** Where the app's data lives, for a second app on the same database. */
  database: DatabaseTarget;
  close(): Promise<void>;
}

/** Which database this run tests against: the vitest project sets TEST_DB. */
export function testDatabase(): "sqlite" | "postgres" {
  return process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";
}

function postgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  return url;
}

async function withPgClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A database of its own: a new SQLite file, or a new schema in the test PostgreSQL. */
export async function createTestDatabase(
  dataDir: string,
  database = testDatabase(),
): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  if (database === "sqlite") {
    return { target: { sqliteFile: path.join(dataDir, "test.db") }, drop: async () => {} };
  }
  const schema = `test_${randomBytes(6).toString("hex")}`;
  await withPgClient(async (client) => {
    // Extensions belong to the database, not the schema: created once in public, under a lock
    // because test files start in parallel.
    await client.query("SELECT pg_advisory_lock(7007)");
    await client.query("CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public");
    await client.query("SELECT pg_advisory_unlock(7007)");
    await client.query(`CREATE SCHEMA ${schema}`);
  });
  return {
    target: { postgresUrl: postgresUrl(), postgresSchema: schema },
    drop: () => withPgClient((client) => client.query(`DROP SCHEMA ${schema} CASCADE`)).then(() => {}),
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  build: Pick<BuildOptions, "logStream" | "databasePlugins"> = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-test-"));
  const database = await createTestDatabase(dataDir);
  const config = {
    // Test files play many people from one address; rate-limit tests set the multiplier to 1.
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      DEMO_DATA: "false",
      RATE_LIMIT_MULTIPLIER: "1000",
      // The sandbox provider's webhooks go when a test sends them (test-support/orders.ts).
      SANDBOX_WEBHOOK_DELAY_MS: "0",
      ...env,
    }),
    webDist: env.WEB_DIST ?? null,
  };
  const app = await buildApp(config, { ...build, database: database.target, logger: Boolean(build.logStream) });
  return {
    app,
    config,
    dataDir,
    database: database.target,
    async close() {
      await app.close();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiReply<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

/** Calls the API as a client would and reads the envelope. */
// biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the reply holds
export async function call<T = any>(
  app: FastifyInstance,
  method: InjectOptions["method"],
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<ApiReply<T>> {
  const response = await app.inject({
    method,
    url,
    payload: options.body as InjectOptions["payload"],
    ...(options.remoteAddress && { remoteAddress: options.remoteAddress }),
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
  });
  const envelope = response.json() as { code: number; msg: string; data: T };
  return { status: response.statusCode, ...envelope };
}

/**
 * A second app on `t`'s database with every request limit as configured for production
 * (`RATE_LIMIT_MULTIPLIER` 1): `t` makes the accounts and goods a test needs, unhindered by the
 * limits on registration, and the calls under test go to this one. Close it before `t`.
 */
export async function createLimitedTwin(t: TestApp): Promise<FastifyInstance> {
  return buildApp({ ...t.config, rateLimitMultiplier: 1 }, { database: t.database, logger: false });
}
