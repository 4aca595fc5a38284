import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import SqliteDatabase from "better-sqlite3";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig, repoRoot } from "../src/config.js";
import { postGoods } from "../src/test-support/goods.js";
import { createServerData, type ServerData, signedInUser } from "../src/test-support/server-process.js";
import { testDatabase } from "../src/test-support/test-app.js";

const COMMAND_TIMEOUT = 180_000;
const run = promisify(execFile);

let data: ServerData | undefined;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  await data?.remove();
  app = data = undefined;
});

async function npmRunBackup(args: string[], env: Record<string, string>) {
  try {
    const { stdout } = await run("npm", ["run", "-s", "backup", "--", ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: "", ...env },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/**
 * Goods posted through the server, one after another, until told to stop: the writes going on
 * while the backup runs. Returns the ids the server acknowledged, in order.
 */
function keepPosting(server: FastifyInstance, token: string, acknowledged: string[]) {
  let stopped = false;
  const done = (async () => {
    while (!stopped)
      acknowledged.push((await postGoods(server, token, { title: `备份中发布 ${acknowledged.length}` })).id);
  })();
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

async function serverWithWriter(served: ServerData) {
  const config = loadConfig({
    ...served.env,
    LOG_LEVEL: "silent",
    DEMO_DATA: "false",
    RATE_LIMIT_MULTIPLIER: "100000",
  });
  app = await buildApp({ ...config, webDist: null }, { logger: false });
  const { token } = await signedInUser(served.db, "writer");
  // Some rows before the backup, so there is something to copy for certain.
  const acknowledged: string[] = [];
  for (let i = 0; i < 20; i += 1) acknowledged.push((await postGoods(app, token)).id);
  return keepPosting(app, token, acknowledged);
}

describe("npm run backup", () => {
  it(
    "copies the database while the server writes, into a whole database with every acknowledged row",
    async () => {
      data = await createServerData();
      const writer = await serverWithWriter(data);
      const acknowledgedBefore = [...writer.acknowledged];
      const file = path.join(data.dataDir, "copies", "backup.data");
      const backup = await npmRunBackup(["--to", file], data.env);
      const postedDuring = writer.acknowledged.length - acknowledgedBefore.length;
      await writer.stop();

      expect(backup).toMatchObject({ code: 0, output: expect.stringContaining(`backup: ${file}`) });
      expect(postedDuring).toBeGreaterThan(0);
      const copied = testDatabase() === "sqlite" ? readSqliteCopy(file) : await readPostgresCopy(file, data.env);
      for (const id of acknowledgedBefore) expect(copied).toContain(id);
      // A snapshot: the rows acknowledged until some moment, none after a gap, no half-written one.
      const all = writer.acknowledged;
      expect(copied.length).toBeGreaterThanOrEqual(acknowledgedBefore.length);
      expect(copied).toEqual(all.slice(0, copied.length));
    },
    COMMAND_TIMEOUT,
  );

  it(
    "names a dated file under DATA_DIR/backups by default, and never overwrites one",
    async () => {
      data = await createServerData();
      const first = await npmRunBackup([], data.env);
      expect(first.code).toBe(0);
      const [name] = await fs.readdir(path.join(data.dataDir, "backups"));
      expect(name).toMatch(/^xianzhi-\d{4}-\d\d-\d\dT[\d-]+Z\.(db|dump)$/);
      const file = path.join(data.dataDir, "backups", name as string);
      const again = await npmRunBackup(["--to", file], data.env);
      expect(again).toMatchObject({ code: 1, output: expect.stringContaining("exists already") });
    },
    COMMAND_TIMEOUT,
  );
});

/** Opens the SQLite copy as a reader would: a whole database, checked, and its goods' ids. */
function readSqliteCopy(file: string): string[] {
  const copy = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(copy.pragma("foreign_key_check")).toEqual([]);
    expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
    const rows = copy.prepare("SELECT id FROM goods ORDER BY id").all() as { id: number }[];
    return rows.map((row) => String(row.id));
  } finally {
    copy.close();
  }
}

/** Restores the dump into a database of its own with pg_restore, as docs/deploy.md says, and reads it. */
async function readPostgresCopy(file: string, env: Record<string, string>): Promise<string[]> {
  const source = new URL(env.DATABASE_URL as string);
  const schema = /search_path=([^,\s]+)/.exec(source.searchParams.get("options") ?? "")?.[1] as string;
  const restoredName = `restore_${schema}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${restoredName}`);
    const restored = new URL(source);
    restored.pathname = `/${restoredName}`;
    restored.search = "";
    await run("psql", ["--quiet", "--command=CREATE EXTENSION pg_trgm", restored.toString()]);
    await run("pg_restore", ["--exit-on-error", `--dbname=${restored}`, file]);
    const reader = new pg.Client({ connectionString: restored.toString() });
    await reader.connect();
    try {
      const { rows } = await reader.query<{ goods_id: string }>(
        `SELECT id::text AS goods_id FROM ${schema}.goods ORDER BY id`,
      );
      return rows.map((row) => row.goods_id);
    } finally {
      await reader.end();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
    await admin.end();
  }
}
