/** The benchmarks' catalogue written straight into a database, faster than the service could. */
import SqliteDatabase from "better-sqlite3";
import pg from "pg";
import { openDatabase, registerSqliteFunctions } from "../src/db/database.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { COUNT_LISTED_BLOCKS } from "../src/db/migrations/0015-listed-blocks.js";
import { COUNT_PRICE_BLOCKS } from "../src/db/migrations/0020-price-blocks.js";
import { generateGoods, seededRandom } from "./catalogue.js";

const BATCH = 10_000;

/** The counts of goods per block, made once over all rows after the load rather than row by row. */
const BLOCK_COUNTS = [
  { triggers: "listed_blocks_", count: COUNT_LISTED_BLOCKS },
  { triggers: "price_blocks_", count: COUNT_PRICE_BLOCKS },
];
const countsBlocks = (trigger: string) => BLOCK_COUNTS.some(({ triggers }) => trigger.startsWith(triggers));

export interface FillOptions {
  /** Users the goods are spread over, round-robin (goods id g belongs to user 1 + (g - 1) mod n); 1 by default. */
  sellers?: number;
}

/** The sellers' usernames: user 1 is `bench`, then `bench_2`, `bench_3`… */
export function sellerUsername(userId: number): string {
  return userId === 1 ? "bench" : `bench_${userId}`;
}

function sellerRows(sellers: number) {
  return Array.from({ length: sellers }, (_, i) => sellerUsername(i + 1));
}

/** The generated goods, BATCH at a time (a million rows at once would hold every string in memory). */
function* batches(count: number, sellers: number) {
  const random = seededRandom(42);
  const now = new Date("2026-01-01T00:00:00Z").getTime();
  for (let start = 0; start < count; start += BATCH) {
    yield Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => {
      const goods = generateGoods(random);
      const at = new Date(now + (start + i) * 1000).toISOString();
      const sellerId = 1 + ((start + i) % sellers);
      return { ...goods, sellerId, listed: goods.status === "sold" ? 0 : 1, createdAt: at };
    });
  }
}

/** A trigger as SQLite keeps it: its name and the statement that made it. */
interface Trigger {
  name: string;
  sql: string;
}

/**
 * The goods insert triggers' statements, run once over every row instead of once per row:
 * `INSERT INTO t(cols) VALUES (exprs of new)` becomes `INSERT INTO t(cols) SELECT exprs FROM goods
 * AS new`, under the trigger's WHEN. Filling the search indexes this way is 5-10 times faster than
 * inserting each goods through its triggers, whatever indexes the migrations made.
 */
function replayInsertTriggers(raw: SqliteDatabase.Database, triggers: Trigger[]): void {
  for (const trigger of triggers) {
    const head =
      /AFTER\s+INSERT\s+ON\s+goods(?:\s+FOR\s+EACH\s+ROW)?(?:\s+WHEN\s+([\s\S]*?))?\s+BEGIN\s([\s\S]*)END\s*$/i.exec(
        trigger.sql,
      );
    // The blocks are counted once over all rows (BLOCK_COUNTS), not replayed.
    if (!head || countsBlocks(trigger.name)) continue;
    const [, when, body = ""] = head;
    for (const statement of body
      .split(";")
      .map((text) => text.trim())
      .filter(Boolean)) {
      const insert = /^INSERT\s+INTO\s+(\S+?)\s*\(([^)]*)\)\s*VALUES\s*\(([\s\S]*)\)$/i.exec(statement);
      if (!insert) throw new Error(`bulk load: cannot replay trigger ${trigger.name}: ${statement}`);
      const [, table, columns, values] = insert;
      raw.exec(`INSERT INTO ${table}(${columns}) SELECT ${values} FROM goods AS new${when ? ` WHERE ${when}` : ""}`);
    }
  }
}

/** A migrated SQLite file holding `count` generated goods of one seller (or `sellers`), written in bulk. */
export async function fillSqlite(file: string, count: number, options: FillOptions = {}): Promise<void> {
  const sellers = options.sellers ?? 1;
  const db = openDatabase({ sqliteFile: file });
  await migrateToLatest(db);
  await db.destroy();
  const raw = new SqliteDatabase(file);
  registerSqliteFunctions(raw);
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = OFF");
  raw.pragma("cache_size = -262144");
  const insertUser = raw.prepare(
    "INSERT INTO users (username, username_lower, email, password_hash, nickname, bio, created_at, updated_at) VALUES (@name, @name, @name || '@example.com', 'x', @name, '', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')",
  );
  raw.transaction(() => {
    for (const name of sellerRows(sellers)) insertUser.run({ name });
  })();
  // The goods' triggers (search indexes) are dropped while the rows are written, replayed once
  // over all of them, and made again.
  const triggers = raw
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'goods'")
    .all() as Trigger[];
  for (const trigger of triggers) raw.exec(`DROP TRIGGER ${trigger.name}`);
  const insert = raw.prepare(
    `INSERT INTO goods (seller_id, title, description, price_cents, category, condition, location, status, listed, fav_count, created_at, updated_at)
     VALUES (@sellerId, @title, @description, @priceCents, @category, @condition, @location, @status, @listed, @favCount, @createdAt, @createdAt)`,
  );
  for (const batch of batches(count, sellers)) {
    raw.transaction(() => {
      for (const row of batch) insert.run(row);
    })();
  }
  raw.transaction(() => {
    replayInsertTriggers(raw, triggers);
    for (const { count } of BLOCK_COUNTS) raw.exec(count);
    for (const trigger of triggers) raw.exec(trigger.sql);
  })();
  // As after any bulk import, each search index is merged into one segment, as FTS5 advises: the
  // replay leaves it in many, and a query reads every segment. Goods posted later go to small
  // new segments beside it, which FTS5 merges among themselves as they come.
  for (const table of ["goods_fts", "goods_words"]) raw.exec(`INSERT INTO ${table}(${table}) VALUES ('optimize')`);
  raw.exec(
    "UPDATE goods_stats SET listed_count = (SELECT COUNT(*) FROM goods WHERE listed = 1 AND goods.category = goods_stats.category)",
  );
  raw.exec("ANALYZE");
  raw.close();
}

/** A new schema, migrated, holding `count` generated goods of one seller (or `sellers`), written in bulk. */
export async function fillPostgres(
  url: string,
  schema: string,
  count: number,
  options: FillOptions = {},
): Promise<void> {
  const sellers = options.sellers ?? 1;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query("CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public");
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = openDatabase({ postgresUrl: url, postgresSchema: schema });
  await migrateToLatest(db);
  await db.destroy();

  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema},public` });
  await client.connect();
  await client.query(
    "INSERT INTO users (username, username_lower, email, password_hash, nickname, bio, created_at, updated_at) SELECT n, n, n || '@example.com', 'x', n, '', '2026-01-01', '2026-01-01' FROM unnest($1::text[]) WITH ORDINALITY AS u(n, i) ORDER BY i",
    [sellerRows(sellers)],
  );
  // A bulk load: the GIN search indexes are dropped while the rows are written and built after.
  const { rows: searchIndexes } = await client.query<{ indexname: string; indexdef: string }>(
    "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = 'goods' AND indexdef LIKE '%USING gin%'",
    [schema],
  );
  for (const index of searchIndexes) await client.query(`DROP INDEX ${index.indexname}`);
  // The blocks are counted once after the rows (BLOCK_COUNTS), not row by row.
  for (const { triggers } of BLOCK_COUNTS) await client.query(`ALTER TABLE goods DISABLE TRIGGER ${triggers}insert`);
  for (const batch of batches(count, sellers)) {
    const column = <K extends keyof (typeof batch)[number]>(key: K) => batch.map((row) => row[key]);
    await client.query(
      `INSERT INTO goods (seller_id, title, description, price_cents, category, condition, location, status, listed, fav_count, created_at, updated_at)
       SELECT si, t, d, p, c, co, lo, s, l, f, ca, ca
       FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[], $9::text[], $10::text[], $11::int[]) AS u(t, d, p, c, co, s, l, f, ca, lo, si)`,
      [
        column("title"),
        column("description"),
        column("priceCents"),
        column("category"),
        column("condition"),
        column("status"),
        column("listed"),
        column("favCount"),
        column("createdAt"),
        column("location"),
        column("sellerId"),
      ],
    );
  }
  for (const { triggers, count } of BLOCK_COUNTS) {
    await client.query(`ALTER TABLE goods ENABLE TRIGGER ${triggers}insert`);
    await client.query(count);
  }
  await client.query("SET maintenance_work_mem = '1GB'");
  for (const index of searchIndexes) await client.query(index.indexdef);
  await client.query(
    "UPDATE goods_stats SET listed_count = (SELECT COUNT(*) FROM goods WHERE listed = 1 AND goods.category = goods_stats.category)",
  );
  await client.query("VACUUM ANALYZE goods");
  await client.end();
}
