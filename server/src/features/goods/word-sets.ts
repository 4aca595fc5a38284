import { sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import { isCjkOnly } from "../../lib/words.js";
import { type GoodsChanges, goodsChangesOf } from "./goods-changes.js";

/**
 * SQLite: which listed goods hold a Chinese word, kept in memory as one bit per goods id, so that a
 * keyword of several common words that rarely meet (九成 包邮: 98,000 goods each out of 1,000,000,
 * never together) is answered by ANDing their bits, in a fraction of a millisecond, instead of
 * FTS5 reading both words' index entries in the server's one thread (7 ms, and 12 ms for five
 * such words) on every search. FTS5 has no cheaper way to tell: with a rowid bound it still finds
 * an AND's first match from the start of its lists.
 *
 * A word's bits are read once off the word index, then kept current from the log of changed goods
 * (migration 0027) before every use: each goods changed since is read again and its words looked
 * at here. So an answer is as current as the index: a goods posted or edited a moment ago is found.
 */

/** Words held at most; past it the one used longest ago goes. 125 kB each per 1,000,000 goods ids. */
const WORDS_MAX = 128;
/** Reading a word's bits costs about as much as one search of it: at most this much of each second goes to it. */
const BUILD_MS_PER_SECOND = 200;

/**
 * The words such bits serve: one or two Chinese letters, each a single entry of the word index
 * (migration 0014), which a goods holds exactly when its title or description has them side by
 * side. Longer words are phrases of several entries, Latin words match by prefix.
 */
export function isIndexWord(term: string): boolean {
  return isCjkOnly(term) && /^\p{L}{1,2}$/u.test(term);
}

type Bits = Uint32Array<ArrayBuffer>;

interface ChangedGoods {
  id: number;
  title: string;
  description: string;
  category: string;
  listed: number;
}

/**
 * A category's listed goods are held the same way, under a key no word can be: a search of one
 * common word in a category where it is rare (手机 among 美妆个护) otherwise reads the word's every
 * match to find the few in the category (140 ms at a million goods).
 */
const CATEGORY_KEY = "\u0000category:";
/**
 * And the goods holding a word in their titles, so that relevance (title matches first) past the
 * cap is told from memory too rather than by reading the title index's every match of the word.
 */
const TITLE_KEY = "\u0000title:";
const after = (key: string, prefix: string) => (key.startsWith(prefix) ? key.slice(prefix.length) : undefined);

/** Whether a changed goods belongs in a held set: listed, and in its category or holding its word. */
function holds(key: string, goods: ChangedGoods | undefined): boolean {
  if (goods?.listed !== 1) return false;
  const category = after(key, CATEGORY_KEY);
  if (category !== undefined) return goods.category === category;
  const titleWord = after(key, TITLE_KEY);
  if (titleWord !== undefined) return goods.title.includes(titleWord);
  return goods.title.includes(key) || goods.description.includes(key);
}

/** The statement that reads a held set afresh. */
function setQuery(key: string) {
  const category = after(key, CATEGORY_KEY);
  if (category !== undefined) {
    return sql<{
      ids: string | null;
    }>`SELECT group_concat(id) AS ids FROM goods WHERE listed = 1 AND category = ${category}`;
  }
  const titleWord = after(key, TITLE_KEY);
  const match = titleWord === undefined ? `"${key}"` : `{title} : "${titleWord}"`;
  return sql<{
    ids: string | null;
  }>`SELECT group_concat(rowid) AS ids FROM goods_words WHERE goods_words MATCH ${match}`;
}

export class WordSets {
  readonly #words = new Map<string, Bits>();
  /** The goods changed since the words held were last brought up to date (goods-changes.ts). */
  readonly #changes: GoodsChanges;
  /** One use at a time: catching up and reading words are several statements each. */
  #queue: Promise<unknown> = Promise.resolve();
  #budget = { second: 0, spentMs: 0 };

  constructor(private readonly db: DbOrTx) {
    this.#changes = goodsChangesOf(db);
  }

  /**
   * The ids of the listed goods holding every word, newest first, up to `limit`; undefined when
   * a word not yet held cannot be read this second (the caller searches the index instead).
   */
  newestHoldingAll(
    words: string[],
    limit: number,
    { category, inTitle = false }: { category?: string | undefined; inTitle?: boolean } = {},
  ): Promise<number[] | undefined> {
    const wordKeys = inTitle ? words.map((word) => `${TITLE_KEY}${word}`) : words;
    const keys = category === undefined ? wordKeys : [...wordKeys, `${CATEGORY_KEY}${category}`];
    const run = this.#queue.then(async () => {
      await this.#catchUp();
      const bits: Bits[] = [];
      for (const word of keys) {
        const held = this.#words.get(word) ?? (await this.#read(word));
        if (!held) return undefined;
        // Used again: to the end of the eviction order.
        this.#words.delete(word);
        this.#words.set(word, held);
        bits.push(held);
      }
      return newestInAll(bits, limit);
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #catchUp(): Promise<void> {
    const changed = await this.#changes.changedSince();
    // The log read too late, or too many changes: every word is read afresh when next used.
    if (changed === "all") this.#words.clear();
    else if (changed.length > 0 && this.#words.size > 0) await this.#apply(changed);
  }

  /** Each changed goods read again: it holds a word when it is listed and its text has the word. */
  async #apply(ids: number[]): Promise<void> {
    const { rows } = await sql<ChangedGoods>`SELECT id, title, description, category, listed FROM goods
      WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`.execute(this.db);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const [key, held] of this.#words) {
      let bits = held;
      for (const id of ids) bits = setBit(bits, id, holds(key, byId.get(id)));
      this.#words.set(key, bits);
    }
  }

  /** A word's bits off the word index, if this second's reading time is not spent. */
  async #read(word: string): Promise<Bits | undefined> {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.#budget.second) this.#budget = { second, spentMs: 0 };
    if (this.#budget.spentMs >= BUILD_MS_PER_SECOND) return undefined;
    const started = performance.now();
    const { rows } = await setQuery(word).execute(this.db);
    const bits = bitsOf(rows[0]?.ids ?? "");
    this.#budget.spentMs += performance.now() - started;
    if (this.#words.size >= WORDS_MAX) this.#words.delete(this.#words.keys().next().value as string);
    this.#words.set(word, bits);
    return bits;
  }
}

/** Room for ids this far past the highest when bits are made or grown, so posting rarely copies them. */
const SPARE_WORDS = 1024;

/** The bits of ids given as "7,12,40" (SQLite's group_concat), parsed in place. */
function bitsOf(list: string): Bits {
  const ids: number[] = [];
  let highest = 0;
  let value = 0;
  for (let i = 0; i <= list.length; i++) {
    const code = i < list.length ? list.charCodeAt(i) : 44;
    if (code !== 44) {
      value = value * 10 + code - 48;
      continue;
    }
    if (i > 0) ids.push(value);
    highest = Math.max(highest, value);
    value = 0;
  }
  let bits = new Uint32Array((highest >>> 5) + 1 + SPARE_WORDS);
  for (const id of ids) bits = setBit(bits, id, true);
  return bits;
}

/** The bits with `id` set or cleared; a larger copy when the id is past their end. */
function setBit(bits: Bits, id: number, on: boolean): Bits {
  const word = id >>> 5;
  if (word >= bits.length) {
    if (!on) return bits;
    const grown = new Uint32Array(word + 1 + SPARE_WORDS);
    grown.set(bits);
    bits = grown;
  }
  const mask = 1 << (id & 31);
  bits[word] = on ? (bits[word] as number) | mask : (bits[word] as number) & ~mask;
  return bits;
}

/** Ids set in every one of the bits, highest first, up to `limit`. */
function newestInAll(all: Bits[], limit: number): number[] {
  const ids: number[] = [];
  const length = Math.min(...all.map((bits) => bits.length));
  for (let word = length - 1; word >= 0 && ids.length < limit; word--) {
    let common = -1;
    for (const bits of all) {
      common &= bits[word] as number;
      if (common === 0) break;
    }
    while (common !== 0 && ids.length < limit) {
      const bit = 31 - Math.clz32(common);
      ids.push(word * 32 + bit);
      common &= ~(1 << bit);
    }
  }
  return ids;
}
