import { GoodsSearchQuerySchema } from "@xianzhi/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/database.js";
import { sqliteDatabaseWithSeller } from "../../test-support/migration.js";
import { searchTerms } from "./goods-search.js";
import { searchGoods } from "./goods-service.js";
import { type HeldSet, type Match, MatchSets, mightMatch, relevancePastCap, TITLE_MATCHES_HELD } from "./match-sets.js";

/**
 * A held search's matches are dropped when a changed goods might have joined them (match-sets.ts):
 * that test must hold for every goods the index finds, whatever its letters, case, accents and
 * word breaks, or a goods posted a moment ago would be missing from a held search.
 */

const TEXTS = [
  ["Café Racer 复古摩托", "九成新，café 风格"],
  ["PS5 主机 光驱版", "带两个手柄"],
  ["iPhone-13 Pro 256G", "国行 电池 90%"],
  ["IPHONE13 手机壳", "全新未拆"],
  ["Nintendo Switch OLED", "任天堂 日版"],
  ["耐克 Air Max 90", "Nike 正品 43 码"],
  ["C++ Primer 第五版", "书角有折痕"],
  ["二手自行车", "捷安特 ATX 山地车"],
  ["100% 羊毛围巾", "Ünïcode 测试"],
];
const KEYWORDS = [
  "Café",
  "ps",
  "PS5",
  "iphone",
  "iphone13",
  "iPhone 13",
  "switch 任天堂",
  "耐克",
  "nike",
  "C++",
  "自行车",
  "行车",
  "车",
  "90%",
  "羊毛",
  "正品 43",
];

let db: Db;
let close: () => Promise<void>;
let sellerId: number;
beforeAll(async () => {
  ({ db, sellerId, close } = await sqliteDatabaseWithSeller());
  const at = new Date().toISOString();
  for (const [title, description] of TEXTS) {
    await sql`INSERT INTO goods (seller_id, title, description, price_cents, category, condition, location, status, listed, created_at, updated_at)
      VALUES (${sellerId}, ${title}, ${description}, 100, 'other', 'good', '', 'on_sale', 1, ${at}, ${at})`.execute(db);
  }
});
afterAll(() => close());

describe("a search's matches held in memory", () => {
  it("answers searches at the same moment alike, and one after a change with the change", async () => {
    const search = async (keyword: string) =>
      (await searchGoods({ db }, GoodsSearchQuerySchema.parse({ keyword, pageSize: 50 }))).list.map(
        (goods) => goods.title,
      );
    const together = await Promise.all(Array.from({ length: 8 }, () => search("手柄")));
    expect(new Set(together.map((titles) => titles.join("|")))).toEqual(new Set(["PS5 主机 光驱版"]));

    // A search begun before a goods is posted may read without it; one begun after must not.
    for (let round = 0; round < 5; round++) {
      const before = search("任天堂");
      const at = new Date().toISOString();
      const title = `Switch 卡带 ${round}`;
      await sql`INSERT INTO goods (seller_id, title, description, price_cents, category, condition, location, status, listed, created_at, updated_at)
        VALUES (${sellerId}, ${title}, '任天堂 正版', 100, 'other', 'good', '', 'on_sale', 1, ${at}, ${at})`.execute(
        db,
      );
      const after = search("任天堂");
      expect(await after).toContain(title);
      await before;
    }
  });
});

describe("reading a search's matches", () => {
  const terms = searchTerms("台灯");
  const matchOf = (id: number): Match => ({ id, priceCents: 100, favCount: 0, inTitle: true });

  it("shares a read begun from the same changes, and begins another after a change", async () => {
    const sets = new MatchSets(db);
    await sets.matchesOf("warm", terms, async () => []);
    let begun = () => {};
    const reading = new Promise<void>((resolve) => {
      begun = resolve;
    });
    let finish = (_: Match[]) => {};
    const first = sets.matchesOf("台灯", terms, () => {
      begun();
      return new Promise<Match[]>((resolve) => {
        finish = resolve;
      });
    });
    await reading;
    // Asked while the read is under way, nothing changed: the same read.
    const alongside = sets.matchesOf("台灯", terms, async () => [matchOf(-1)]);
    // Catchings up run one after another: once another search's has run, this one's has too, and
    // the change below comes after it (else the race decides which read is shared).
    await sets.matchesOf("夜灯", terms, async () => []);

    const at = new Date().toISOString();
    await sql`INSERT INTO goods (seller_id, title, description, price_cents, category, condition, location, status, listed, created_at, updated_at)
      VALUES (${sellerId}, '护眼台灯', '', 100, 'other', 'good', '', 'on_sale', 1, ${at}, ${at})`.execute(db);
    // Asked after a change: a read of its own, which sees the change.
    const after = sets.matchesOf("台灯", terms, async () => [matchOf(2), matchOf(1)]);
    expect((await after).matches.map((match) => match.id)).toEqual([2, 1]);
    // The read begun before the change ends last.
    finish([matchOf(1)]);
    expect((await first).matches.map((match) => match.id)).toEqual([1]);
    expect((await alongside).matches.map((match) => match.id)).toEqual([1]);
    // The read begun before the change is not held: the next search reads again or takes the later one.
    expect((await sets.matchesOf("台灯", terms, async () => [matchOf(3)])).matches.map((match) => match.id)).toEqual([
      2, 1,
    ]);
  });
});

describe("whether a changed goods might have joined a search's matches", () => {
  it.each(KEYWORDS)("holds for every goods the index finds for %s", async (keyword) => {
    const answer = await searchGoods({ db }, GoodsSearchQuerySchema.parse({ keyword, pageSize: 50 }));
    expect(answer.list.length, `${keyword} finds something`).toBeGreaterThan(0);
    for (const goods of answer.list) {
      expect(mightMatch(goods, searchTerms(keyword)), `${keyword} in ${goods.title}`).toBe(true);
    }
  });

  it("rules out goods that cannot match", () => {
    const terms = searchTerms("switch 任天堂");
    expect(mightMatch({ title: "Switch Lite", description: "全新" }, terms)).toBe(false);
    expect(mightMatch({ title: "任天堂", description: "Switch" }, terms)).toBe(true);
  });
});

describe("a relevance page past the cap from held matches", () => {
  const held = (ids: number[], inTitle: boolean): HeldSet => ({
    terms: [],
    matches: ids.map((id) => ({ id, priceCents: 0, favCount: 0, inTitle })),
    ids: new Set(ids),
    orders: new Map(),
  });
  const cap = 1000;
  /** 1,001 matches, ids 5000 down, none holding the words in their titles. */
  const all = held(
    Array.from({ length: cap + 1 }, (_, i) => 5000 - i),
    false,
  );
  const page = (titles: HeldSet, page: number, limit = 4) =>
    relevancePastCap(all, titles, cap, { offset: (page - 1) * limit, limit })?.ids;

  it("puts every title match first when they are few, then the others newest first", () => {
    const few = held([30, 20, 10], true);
    expect(page(few, 1)).toEqual([30, 20, 10, 5000]);
    expect(page(few, 2)).toEqual([4999, 4998, 4997, 4996]);
  });

  it("takes pages within the held title matches from them, and leaves those past them to the index", () => {
    const many = held(
      Array.from({ length: TITLE_MATCHES_HELD + 1 }, (_, i) => 900 - i),
      true,
    );
    expect(page(many, 1)).toEqual([900, 899, 898, 897]);
    expect(page(many, TITLE_MATCHES_HELD / 4)).toEqual([704, 703, 702, 701]);
    expect(page(many, TITLE_MATCHES_HELD / 4 + 1)).toBeUndefined();
  });

  it("leaves to the index a page whose others go past the held matches", () => {
    expect(page(held([1], true), 1, 1001)).toEqual([1, ...all.matches.slice(0, 1000).map((match) => match.id)]);
    expect(page(held([1], true), 2, 1001)).toBeUndefined();
  });
});
