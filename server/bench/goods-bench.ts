/**
 * npm run bench: list and search speed at a million goods, on SQLite and (when BENCH_DATABASE_URL
 * or TEST_DATABASE_URL is set) PostgreSQL, through the same service functions the API calls.
 * Prints a table of medians and ratios and writes it to bench-results/goods.md.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import {
  type GoodsListQuery,
  GoodsListQuerySchema,
  type GoodsSearchQuery,
  GoodsSearchQuerySchema,
} from "@xianzhi/contract";
import { sql } from "kysely";
import pg from "pg";
import { type Db, openDatabase } from "../src/db/database.js";
import { listGoods, searchGoods } from "../src/features/goods/goods-service.js";
import { fillPostgres, fillSqlite } from "./bulk-load.js";

const COUNT = Number(process.env.BENCH_GOODS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
/** BENCH_DATABASES=sqlite or =postgres runs one; BENCH_KEEP=1 keeps the PostgreSQL data in schema bench_keep. */
const databases = (process.env.BENCH_DATABASES ?? "sqlite,postgres").split(",");
const keep = process.env.BENCH_KEEP === "1";

interface Case {
  name: string;
  run(db: Db): Promise<unknown>;
}

const list = (query: Partial<Record<keyof GoodsListQuery, unknown>>) => (db: Db) =>
  listGoods(db, GoodsListQuerySchema.parse(query));
const search = (query: Partial<Record<keyof GoodsSearchQuery, unknown>>) => (db: Db) =>
  searchGoods(db, GoodsSearchQuerySchema.parse(query));

/** What a search would cost without its index: every listed row read and matched ("|| ''" hides the columns from the indexes). */
const fullScan = (keyword: string) => async (db: Db) => {
  const pattern = `%${keyword}%`;
  const where = sql`listed = 1 AND ((title || '') LIKE ${pattern} OR (description || '') LIKE ${pattern})`;
  await sql`SELECT id FROM goods WHERE ${where} ORDER BY id DESC LIMIT 20`.execute(db);
  await sql`SELECT COUNT(*) FROM goods WHERE ${where}`.execute(db);
};

const CASES: Case[] = [
  { name: "list, newest, page 1 (baseline)", run: list({}) },
  { name: "list, newest, page 1000", run: list({ page: 1000 }) },
  { name: "list, popular, page 500", run: list({ sort: "popular", page: 500 }) },
  {
    name: "list, category, price range, cheapest first",
    run: list({ category: "phones", minPrice: 10000, maxPrice: 500000, sort: "price_asc" }),
  },
  { name: "list, category, page 1000", run: list({ category: "books", page: 1000 }) },
  { name: "list, condition 全新", run: list({ condition: "new" }) },
  { name: "list, two conditions, cheapest first", run: list({ condition: "new,like_new", sort: "price_asc" }) },
  { name: "list, city 杭州, page 50", run: list({ city: "杭州", page: 50 }) },
  { name: "list, city, condition, price range", run: list({ city: "成都", condition: "good", maxPrice: 100000 }) },
  { name: "search 苹果手机 (4 chars, index)", run: search({ keyword: "苹果手机" }) },
  { name: "search 苹果手机, page 50", run: search({ keyword: "苹果手机", page: 50 }) },
  { name: "search iPhone (index)", run: search({ keyword: "iPhone" }) },
  { name: "search 九成新 乐高 (two words, index)", run: search({ keyword: "九成新 乐高" }) },
  {
    name: "search 苹果手机, price_asc, category",
    run: search({ keyword: "苹果手机", category: "phones", sort: "price_asc" }),
  },
  { name: "search 手机 (2 chars, word index)", run: search({ keyword: "手机" }) },
  { name: "search 乐高 (2 chars, word index)", run: search({ keyword: "乐高" }) },
  { name: "no index: 苹果手机 by LIKE over every row", run: fullScan("苹果手机") },
];

async function schemaExists(url: string, schema: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rowCount } = await client.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [schema]);
  await client.end();
  return rowCount === 1;
}

async function measure(db: Db): Promise<number[]> {
  const medians: number[] = [];
  for (const benchCase of CASES) {
    for (let i = 0; i < 2; i++) await benchCase.run(db);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const start = performance.now();
      await benchCase.run(db);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    medians.push(times[Math.floor(times.length / 2)] as number);
  }
  return medians;
}

function table(results: { name: string; medians: number[] }[]): string {
  const header = `| case | ${results.map((r) => `${r.name} median ms | ${r.name} × baseline`).join(" | ")} |`;
  const rule = `|---|${results.map(() => "---:|---:").join("|")}|`;
  const lines = CASES.map((benchCase, i) => {
    const cells = results.map((r) => {
      const ms = r.medians[i] as number;
      return `${ms.toFixed(2)} | ${(ms / (r.medians[0] as number)).toFixed(1)}`;
    });
    return `| ${benchCase.name} | ${cells.join(" | ")} |`;
  });
  return [header, rule, ...lines].join("\n");
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-bench-"));
  const results: { name: string; medians: number[] }[] = [];
  try {
    let started = performance.now();
    if (databases.includes("sqlite")) {
      const file = path.join(dir, "bench.db");
      await fillSqlite(file, COUNT);
      console.log(`SQLite: ${COUNT} goods written in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      const sqliteDb = openDatabase({ sqliteFile: file });
      results.push({ name: "SQLite", medians: await measure(sqliteDb) });
      await sqliteDb.destroy();
    }

    if (postgresUrl && databases.includes("postgres")) {
      const schema = keep ? "bench_keep" : `bench_${randomBytes(4).toString("hex")}`;
      started = performance.now();
      try {
        if (!keep || !(await schemaExists(postgresUrl, schema))) await fillPostgres(postgresUrl, schema, COUNT);
        console.log(`PostgreSQL: ${COUNT} goods written in ${((performance.now() - started) / 1000).toFixed(0)} s`);
        const pgDb = openDatabase({ postgresUrl, postgresSchema: schema });
        results.push({ name: "PostgreSQL", medians: await measure(pgDb) });
        await pgDb.destroy();
      } finally {
        if (!keep) {
          const admin = new pg.Client({ connectionString: postgresUrl });
          await admin.connect();
          await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await admin.end();
        }
      }
    } else {
      console.log("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL");
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }

  const report = [
    `# Goods list and search at ${COUNT.toLocaleString("en")} goods`,
    "",
    `Median of ${ROUNDS} runs of each call (after 2 warm-up runs), measured side by side in one run of \`npm run bench\`;`,
    '"× baseline" divides by the first row on the same database.',
    "",
    table(results),
    "",
  ].join("\n");
  console.log(`\n${report}`);
  await fs.mkdir("bench-results", { recursive: true });
  await fs.writeFile(path.join("bench-results", "goods.md"), report);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
