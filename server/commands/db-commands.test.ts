import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig, repoRoot } from "../src/config.js";
import { type Db, dialectOf, openDatabase } from "../src/db/database.js";
import { DEMO_LISTED_COUNT } from "../src/demo/demo-goods.js";
import { DEMO_PASSWORD, DEMO_USERS } from "../src/demo/seed.js";
import {
  createServerData,
  type ServerData,
  serverDatabaseUrl,
  signedInUser,
} from "../src/test-support/server-process.js";
import { call, createTestDatabase } from "../src/test-support/test-app.js";
import { SEED_SELLERS } from "./generated-goods.js";

// Each command runs as a contributor types it (npm run db:…), on a database of the test's own: a
// SQLite file in a temporary folder, or a PostgreSQL schema (TEST_DB, as every server suite).
const COMMAND_TIMEOUT = 180_000;

let data: ServerData | undefined;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  await data?.remove();
  app = data = undefined;
});

async function npmRun(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout } = await promisify(execFile)("npm", ["run", "-s", script, "--", ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: "", ...env },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** The server on the data the command worked on, as a client then sees it. */
async function serverOn(served: ServerData): Promise<FastifyInstance> {
  const config = loadConfig({ ...served.env, LOG_LEVEL: "silent", DEMO_DATA: "false", RATE_LIMIT_MULTIPLIER: "1000" });
  app = await buildApp({ ...config, webDist: null }, { logger: false });
  return app;
}

/** How many goods rows the planner's statistics count (not the rows themselves). */
async function plannedGoodsRows(db: Db): Promise<number> {
  if (dialectOf(db) === "sqlite") {
    const { rows } = await sql<{ stat: string }>`SELECT stat FROM sqlite_stat1 WHERE tbl = 'goods' LIMIT 1`.execute(db);
    return Number(rows[0]?.stat.split(" ")[0] ?? 0);
  }
  const { rows } = await sql<{
    n: number;
  }>`SELECT reltuples::int AS n FROM pg_class WHERE oid = to_regclass('goods')`.execute(db);
  return rows[0]?.n ?? 0;
}

async function signIn(server: FastifyInstance, username: string, password = DEMO_PASSWORD) {
  return call(server, "POST", "/api/user/login/username", { body: { username, password } });
}

describe("npm run db:reset", () => {
  it(
    "drops what was there, migrates and adds the demo data",
    async () => {
      data = await createServerData();
      await signedInUser(data.db, "someone");
      const reset = await npmRun("db:reset", [], data.env);
      expect(reset).toMatchObject({ code: 0, output: expect.stringContaining("demo data created") });

      const server = await serverOn(data);
      const users = await data.db.selectFrom("users").select("username").execute();
      expect(users.map((user) => user.username).sort()).toEqual(DEMO_USERS.map((demo) => demo.username).sort());
      for (const demo of DEMO_USERS) expect((await signIn(server, demo.username)).code).toBe(200);
      const list = await call(server, "GET", "/api/goods/getlist?pageSize=100");
      expect(list.data.total).toBe(DEMO_LISTED_COUNT);
      const cover = await server.inject({ method: "GET", url: list.data.list[0].coverUrl });
      expect(cover.statusCode).toBe(200);
    },
    COMMAND_TIMEOUT,
  );

  it(
    "leaves a database on another machine alone unless told --force",
    async () => {
      const refused = await npmRun("db:reset", [], { DATABASE_URL: "postgres://xianzhi@db.example.com:5432/xianzhi" });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(
        "PostgreSQL db.example.com/xianzhi is not on this machine: db:reset leaves it alone unless told --force",
      );
    },
    COMMAND_TIMEOUT,
  );
});

describe("npm run db:seed", () => {
  it(
    "adds generated goods with pictures that search finds, by sellers who can sign in, and more on each run",
    async () => {
      data = await createServerData();
      expect(await npmRun("db:seed", ["--goods", "150"], data.env)).toMatchObject({ code: 0 });
      // The planner knows the new rows (autovacuum, which would count them later, may be off).
      expect(await plannedGoodsRows(data.db)).toBe(150);
      const server = await serverOn(data);

      const listed = await data.db.selectFrom("goods").select(["id", "title"]).where("listed", "=", 1).execute();
      const list = await call(server, "GET", "/api/goods/getlist?pageSize=100");
      expect(list.data.total).toBe(listed.length);
      expect(listed.length).toBeGreaterThan(100);
      for (const goods of list.data.list) expect(goods.coverUrl).toMatch(/^\/files\/\w+-thumb\.webp$/);
      const cover = await server.inject({ method: "GET", url: list.data.list[0].coverUrl });
      expect(cover.headers["content-type"]).toBe("image/webp");

      const sought = listed[0] as { id: number; title: string };
      const search = await call(
        server,
        "GET",
        `/api/goods/search/list?pageSize=100&keyword=${encodeURIComponent(sought.title)}`,
      );
      expect(search.data.list.map((goods: { id: string }) => goods.id)).toContain(String(sought.id));

      expect((await signIn(server, SEED_SELLERS[0] as string)).code).toBe(200);
      const pictures = await data.db.selectFrom("pictures").select("fileId").execute();
      // Two files (web size, thumbnail) per picture: the drawings they were linked from are gone.
      expect(await fs.readdir(path.join(data.dataDir, "uploads"))).toHaveLength(pictures.length * 2);

      expect(await npmRun("db:seed", ["--goods", "30"], data.env)).toMatchObject({ code: 0 });
      const users = await data.db.selectFrom("users").select("username").execute();
      expect(await data.db.selectFrom("goods").select("id").execute()).toHaveLength(180);
      expect(users.map((user) => user.username).sort()).toEqual(SEED_SELLERS);
    },
    COMMAND_TIMEOUT,
  );

  it(
    "refuses a count that is not a whole number",
    async () => {
      const refused = await npmRun("db:seed", ["--goods", "many"], {});
      expect(refused).toMatchObject({
        code: 1,
        output: expect.stringContaining("--goods many: must be a whole number"),
      });
    },
    COMMAND_TIMEOUT,
  );
});

describe("npm run db:migrate", () => {
  it(
    "makes the tables of an empty database, as a start of the server does",
    async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-migrate-"));
      const empty = await createTestDatabase(dataDir);
      const target = empty.target.postgresUrl ? empty.target : { sqliteFile: path.join(dataDir, "xianzhi.db") };
      const env = { DATA_DIR: dataDir, DATABASE_URL: empty.target.postgresUrl ? serverDatabaseUrl(target) : "" };
      const db = openDatabase(target);
      try {
        expect(await npmRun("db:migrate", [], env)).toMatchObject({
          code: 0,
          output: expect.stringContaining("migrated"),
        });
        data = await createServerData();
        expect(await migrationsOf(db)).toEqual(await migrationsOf(data.db));
      } finally {
        await db.destroy();
        await empty.drop();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
    COMMAND_TIMEOUT,
  );
});

function migrationsOf(db: Db) {
  return sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db).then(({ rows }) => rows);
}

describe("npm run make-moderator", () => {
  it(
    "lets the named user into the moderation console, and names a user that is not there",
    async () => {
      data = await createServerData();
      const [made, plain] = [await signedInUser(data.db, "Warden"), await signedInUser(data.db, "plain")];
      expect(await npmRun("make-moderator", ["warden"], data.env)).toMatchObject({
        code: 0,
        output: expect.stringContaining("Warden is now a moderator"),
      });
      const server = await serverOn(data);
      expect(await call(server, "GET", "/api/admin/reports", { token: made.token })).toMatchObject({ code: 200 });
      expect(await call(server, "GET", "/api/admin/reports", { token: plain.token })).toMatchObject({ status: 403 });

      const missing = await npmRun("make-moderator", ["nobody"], data.env);
      expect(missing).toMatchObject({ code: 1, output: expect.stringContaining("no user named nobody") });
      expect(await npmRun("make-moderator", [], data.env)).toMatchObject({
        code: 1,
        output: expect.stringContaining("usage: npm run make-moderator -- <username>"),
      });
    },
    COMMAND_TIMEOUT,
  );
});
