import { GoodsSearchQuerySchema } from "@xianzhi/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/database.js";
import { WORD_CHANGES_KEPT } from "../../db/migrations/0027-word-changes.js";
import { sqliteDatabaseWithSeller } from "../../test-support/migration.js";
import { searchGoods } from "./goods-service.js";

/**
 * SQLite answers keywords of several one- and two-letter Chinese words from bits kept in memory
 * (word-sets.ts), and any search's next pages and sorts from its matches held in memory
 * (match-sets.ts). Whatever happens to the goods, a search must find what the goods say now, in
 * the order their prices and favourites say now: every answer here is set against the goods' own
 * rows, read afresh.
 */

let db: Db;
let close: () => Promise<void>;
let sellerId: number;
beforeAll(async () => {
  ({ db, sellerId, close } = await sqliteDatabaseWithSeller());
});
afterAll(() => close());

const WORDS = ["九成", "包邮", "新", "苹果", "手机", "自提", "正品", "耳机"];
const FILLER = ["，", "的", " ", "便宜出", "A", "成色好"];

/** Deterministic choices, so a failure repeats. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}
const random = seeded(20261126);
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)] as T;
const text = (parts: number) => Array.from({ length: parts }, () => pick(random() < 0.5 ? WORDS : FILLER)).join("");

const CATEGORIES = ["phones", "digital", "other"];
/** The price stands for the goods' place among the others, so a sort by price has no ties. */
let posted = 0;

async function addGoods(listed = random() < 0.85 ? 1 : 0) {
  const at = new Date().toISOString();
  posted += 1;
  await sql`INSERT INTO goods (seller_id, title, description, price_cents, category, condition, location, status, listed, created_at, updated_at)
    VALUES (${sellerId}, ${text(3)}, ${text(5)}, ${(posted * 7919) % 10007}, ${pick(CATEGORIES)}, 'good', '', ${listed ? "on_sale" : "sold"}, ${listed}, ${at}, ${at})`.execute(
    db,
  );
}

interface Row {
  id: number;
  title: string;
  description: string;
  category: string;
  priceCents: number;
  favCount: number;
  listed: number;
}

type Sort = "relevance" | "latest" | "price_asc" | "popular";

const ORDERS: Record<Exclude<Sort, "relevance">, (a: Row, b: Row) => number> = {
  latest: (a, b) => b.id - a.id,
  price_asc: (a, b) => a.priceCents - b.priceCents || a.id - b.id,
  popular: (a, b) => b.favCount - a.favCount || b.id - a.id,
};

/**
 * What a search must answer, from the goods as they are: every word in the title or the
 * description, in the category when one is given.
 */
async function expected(words: string[], sort: Sort, category?: string) {
  const { rows } = await sql<Row>`SELECT id, title, description, category, price_cents, fav_count, listed FROM goods
    ORDER BY id DESC`.execute(db);
  const holds = (field: string) => words.every((word) => field.includes(word));
  const matches = rows.filter(
    (row) => row.listed === 1 && holds(`${row.title}\n${row.description}`) && (!category || row.category === category),
  );
  const ordered =
    sort === "relevance"
      ? [...matches.filter((row) => holds(row.title)), ...matches.filter((row) => !holds(row.title))]
      : [...matches].sort(ORDERS[sort]);
  return { ids: ordered.map((row) => String(row.id)), total: matches.length };
}

async function searched(words: string[], sort: Sort, category?: string) {
  const ids: string[] = [];
  let total = -1;
  for (let page = 1; ; page++) {
    const query = GoodsSearchQuerySchema.parse({ keyword: words.join(" "), sort, page, pageSize: 20, category });
    const answer = await searchGoods({ db }, query);
    total = answer.total;
    ids.push(...answer.list.map((goods) => goods.id));
    if (answer.list.length < 20) break;
  }
  return { ids, total };
}

/** Every pair and some triples of the words, both orders of the answer. */
async function expectAllSearchesRight() {
  const keywords = [
    ...WORDS.flatMap((a, i) => WORDS.slice(i + 1).map((b) => [a, b])),
    ...Array.from({ length: 10 }, () => [...new Set([pick(WORDS), pick(WORDS), pick(WORDS)])]),
  ].filter((words) => words.length >= 2);
  for (const words of [...WORDS.map((word) => [word]), ...keywords]) {
    for (const sort of ["relevance", "latest", "price_asc", "popular"] as const) {
      expect(await searched(words, sort), `${words.join(" ")} (${sort})`).toEqual(await expected(words, sort));
    }
  }
  // One word and more in a category: the category's goods are held in memory too.
  for (const words of [...WORDS.map((word) => [word]), ...keywords.slice(0, 6)]) {
    for (const sort of ["relevance", "latest", "price_asc", "popular"] as const) {
      const category = pick(CATEGORIES);
      expect(await searched(words, sort, category), `${words.join(" ")} in ${category} (${sort})`).toEqual(
        await expected(words, sort, category),
      );
    }
  }
}

describe("search on SQLite from the sets held in memory: several Chinese words, words in a category, a search's matches", () => {
  it("finds what the goods say as they are posted, edited, moved, repriced, favourited, sold, put back and deleted", async () => {
    for (let i = 0; i < 120; i++) await addGoods();
    await expectAllSearchesRight();

    for (let round = 0; round < 3; round++) {
      const { rows } = await sql<{ id: number }>`SELECT id FROM goods`.execute(db);
      for (const { id } of rows) {
        const change = random();
        if (change < 0.15) await sql`UPDATE goods SET title = ${text(3)} WHERE id = ${id}`.execute(db);
        else if (change < 0.25) await sql`UPDATE goods SET description = ${text(5)} WHERE id = ${id}`.execute(db);
        else if (change < 0.32) await sql`UPDATE goods SET listed = 1 - listed WHERE id = ${id}`.execute(db);
        else if (change < 0.34) await sql`UPDATE goods SET category = ${pick(CATEGORIES)} WHERE id = ${id}`.execute(db);
        else if (change < 0.36) await sql`DELETE FROM goods WHERE id = ${id}`.execute(db);
        else if (change < 0.42)
          await sql`UPDATE goods SET price_cents = ${Math.floor(random() * 10007)} WHERE id = ${id}`.execute(db);
        else if (change < 0.48) await sql`UPDATE goods SET fav_count = fav_count + 1 WHERE id = ${id}`.execute(db);
      }
      for (let i = 0; i < 30; i++) await addGoods();
      await expectAllSearchesRight();
    }
  });

  it("orders by the prices and favourite counts as they are now, nothing else changed", async () => {
    await expectAllSearchesRight();
    for (const change of [sql`price_cents = (price_cents * 31 + 17) % 10007`, sql`fav_count = (id * 13) % 7`]) {
      await sql`UPDATE goods SET ${change}`.execute(db);
      await expectAllSearchesRight();
    }
    // And one goods' price alone, to the front of the cheapest first.
    await sql`UPDATE goods SET price_cents = 0 WHERE id = (SELECT MAX(id) FROM goods WHERE listed = 1)`.execute(db);
    await expectAllSearchesRight();
  });

  it("finds what the goods say after more changes than the log keeps", async () => {
    await expectAllSearchesRight();
    // Every goods rewritten over and over: the log drops its oldest rows, and the words held in
    // memory are read afresh.
    const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM goods`.execute(db);
    const rounds = Math.ceil(WORD_CHANGES_KEPT / Number(rows[0]?.n)) + 1;
    for (let round = 0; round < rounds; round++) {
      await sql`UPDATE goods SET title = title || ${round === rounds - 1 ? pick(WORDS) : ""}`.execute(db);
    }
    await expectAllSearchesRight();
  });

  it("keeps its log to the newest changes", async () => {
    const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM word_changes`.execute(db);
    expect(Number(rows[0]?.n)).toBeLessThanOrEqual(WORD_CHANGES_KEPT);
  });
});
