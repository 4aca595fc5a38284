import type { SearchSort } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { wordTokens } from "../../lib/words.js";
import { CHANGES_READ_MAX, type GoodsChanges, goodsChangesOf } from "./goods-changes.js";
import { compareGoods, type SortFields } from "./goods-filter.js";
import type { SearchResult, SearchTerm, Window } from "./search-parts.js";

/**
 * A search's matches held in memory for the searches after it of the same words and
 * filter. People page through a search, sort it by price, come back to it, and search what others
 * search; each such search read the newest thousand matches off the index again (the total and,
 * for a sort by price, every match's price): 3-6 ms of the server's reading each. Held, a page is
 * taken from memory and only its twenty goods are read.
 *
 * Exact: before every use the goods changed since are read (goods-changes.ts: SQLite's log,
 * PostgreSQL's notifications), and a held set that a changed goods is in, or might now be in, is
 * dropped, so a goods posted, edited, sold or favourited a moment ago shows as it is.
 */

/** One match: enough to order it by any sort. */
export interface Match extends SortFields {
  /** Its title holds every term: relevance lists these first. */
  inTitle: boolean;
}

/**
 * Title matches held for relevance past the cap: ten pages of twenty. Reading more would cost a
 * rare title word in a category every title match of it, for pages nobody turns to.
 */
export const TITLE_MATCHES_HELD = 200;

/** Sets held at most; past it the one used longest ago goes. A set is up to 1,001 matches (about 60 kB). */
const SETS_MAX = 512;

export interface HeldSet {
  terms: SearchTerm[];
  /** Newest first, up to one past the cap (so the total knows whether it is capped). */
  matches: Match[];
  ids: Set<number>;
  /** The known matches in each other sort's order, made when first asked for. */
  orders: Map<SearchSort, Match[]>;
}

interface ChangedGoods {
  id: number;
  title: string;
  description: string;
  listed: number;
}

/** Lower case without accents, as the word index compares letters (unicode61's remove_diacritics). */
const folded = (text: string) => text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");

/**
 * Whether a goods might match the terms: every term has a name whose every word is somewhere in
 * the text. Each index match passes this (a phrase's words are in the text, a prefix is inside a
 * word), so a goods failing it cannot have joined the matches.
 */
export function mightMatch(goods: { title: string; description: string }, terms: SearchTerm[]): boolean {
  const text = folded(`${goods.title}\n${goods.description}`);
  return terms.every((names) => names.some((name) => wordTokens(name).every((word) => text.includes(folded(word)))));
}

export class MatchSets {
  readonly #sets = new Map<string, HeldSet>();
  /** Sets being read, with the cursor they were read from: searches at the same moment share one read. */
  readonly #reading = new Map<string, { cursor: number | undefined; set: Promise<HeldSet> }>();
  readonly #changes: GoodsChanges;
  /** Counts the catchings up that found changes: a read is held only if none came while it ran. */
  #cursor = 0;
  /** The catching up not yet started, which every search asking before it starts shares. */
  #pending: Promise<void> | undefined;
  #running: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: DbOrTx) {
    this.#changes = goodsChangesOf(db);
  }

  /** The search's matches newest first, held or read with `load` (and then held), as current as the index. */
  async matchesOf(key: string, terms: SearchTerm[], load: () => Promise<Match[]>): Promise<HeldSet> {
    await this.#catchUp();
    const held = this.#sets.get(key);
    if (held) {
      // Used again: to the end of the eviction order.
      this.#sets.delete(key);
      this.#sets.set(key, held);
      return held;
    }
    // A read begun from this cursor began after every change this search must see.
    const reading = this.#reading.get(key);
    if (reading && reading.cursor === this.#cursor) return reading.set;
    const set = this.#read(key, terms, load);
    this.#reading.set(key, { cursor: this.#cursor, set });
    return set;
  }

  async #read(key: string, terms: SearchTerm[], load: () => Promise<Match[]>): Promise<HeldSet> {
    const cursor = this.#cursor;
    try {
      const matches = await load();
      const set: HeldSet = { terms, matches, ids: new Set(matches.map((match) => match.id)), orders: new Map() };
      // Changes applied while it was read did not reach it: held only when none were.
      if (cursor === this.#cursor) {
        if (this.#sets.size >= SETS_MAX) this.#sets.delete(this.#sets.keys().next().value as string);
        this.#sets.set(key, set);
      }
      return set;
    } finally {
      if (this.#reading.get(key)?.cursor === cursor) this.#reading.delete(key);
    }
  }

  /**
   * A page of the search from what is held (read first when not held), or undefined when the held
   * matches do not reach it. Relevance past the cap that the held matches' titles do not reach is
   * taken with the newest title matches, held the same way under a key of their own.
   */
  async pageOf(
    key: string,
    terms: SearchTerm[],
    cap: number,
    sort: SearchSort,
    window: Window,
    load: { matches: () => Promise<Match[]>; titleMatches: () => Promise<Match[]> },
  ): Promise<SearchResult | undefined> {
    const held = await this.matchesOf(key, terms, load.matches);
    const page = pageOfHeld(held, cap, sort, window);
    if (page || sort !== "relevance" || held.matches.length <= cap) return page;
    const titles = await this.matchesOf(`${key}\u0000title`, terms, load.titleMatches);
    return relevancePastCap(held, titles, cap, window);
  }

  /** Catches up with the changes committed before this call: a catching up already started may have missed them. */
  #catchUp(): Promise<void> {
    if (this.#pending) return this.#pending;
    const pending = this.#running.then(() => {
      this.#pending = undefined;
      return this.#catchUpNow();
    });
    this.#pending = pending;
    this.#running = pending.catch(() => undefined);
    return pending;
  }

  async #catchUpNow(): Promise<void> {
    const changed = await this.#changes.changedSince();
    if (changed === "all") this.#sets.clear();
    else if (changed.length === 0) return;
    else if (this.#sets.size > 0) await this.#apply(changed);
    this.#cursor += 1;
  }

  /** Drops every held set a changed goods is in, or might have joined. */
  async #apply(ids: number[]): Promise<void> {
    const listed: ChangedGoods[] = [];
    for (let start = 0; start < ids.length; start += CHANGES_READ_MAX / 2) {
      const some = ids.slice(start, start + CHANGES_READ_MAX / 2);
      const rows = await this.db
        .selectFrom("goods")
        .select(["id", "title", "description", "listed"])
        .where("id", "in", some)
        .where("listed", "=", 1)
        .execute();
      listed.push(...rows);
    }
    for (const [key, set] of this.#sets) {
      const touched = ids.some((id) => set.ids.has(id)) || listed.some((goods) => mightMatch(goods, set.terms));
      if (touched) this.#sets.delete(key);
    }
  }
}

const latestFirst = compareGoods("latest");

/** The known matches in a sort's order: relevance is title matches first, then the others, each newest first. */
function ordered(set: HeldSet, known: Match[], sort: SearchSort): Match[] {
  if (sort === "latest") return known;
  let order = set.orders.get(sort);
  if (!order) {
    order =
      sort === "relevance"
        ? [...known].sort((a, b) => Number(b.inTitle) - Number(a.inTitle) || latestFirst(a, b))
        : [...known].sort(compareGoods(sort));
    set.orders.set(sort, order);
  }
  return order;
}

/**
 * A page from a held set, when it tells it: when every match is held, any page of any sort; past
 * the cap (the newest `cap` and one more held), a page by price or popularity among the newest
 * `cap` (as the search defines it), a page by time within them, or a relevance page while the held
 * title matches reach its end (the newest title matches are all among the newest matches).
 * Undefined otherwise, for the index to answer.
 */
function pageOfHeld(set: HeldSet, cap: number, sort: SearchSort, window: Window): SearchResult | undefined {
  const { matches } = set;
  const totalCapped = matches.length > cap;
  const known = totalCapped ? matches.slice(0, cap) : matches;
  const end = window.offset + window.limit;
  const result = (page: Match[]) => ({
    ids: page.slice(window.offset, end).map((match) => match.id),
    total: known.length,
    totalCapped,
  });
  if (!totalCapped || (sort !== "latest" && sort !== "relevance")) return result(ordered(set, known, sort));
  if (sort === "latest") return end <= known.length ? result(known) : undefined;
  const title = matches.filter((match) => match.inTitle);
  return title.length >= end ? result(title) : undefined;
}

/** Each database's held searches, made when first used. */
const setsOf = new WeakMap<DbOrTx, MatchSets>();

/**
 * The held searches of a database, or undefined where a search must read afresh: in a
 * transaction (it reads its own writes), or for a viewer who blocked sellers (a filter of theirs).
 */
export function heldSearches(db: DbOrTx, blockerId: number | undefined): MatchSets | undefined {
  if (db.isTransaction || blockerId !== undefined) return undefined;
  let sets = setsOf.get(db);
  if (!sets) {
    sets = new MatchSets(db);
    setsOf.set(db, sets);
  }
  return sets;
}

/**
 * A relevance page past the cap from the newest matches and the newest title matches: title
 * matches first (the newest TITLE_MATCHES_HELD and one more are held, or all of them), then the
 * others newest first, those being every match newer than the oldest held one that is not a title
 * match.
 */
export function relevancePastCap(all: HeldSet, titles: HeldSet, cap: number, window: Window): SearchResult | undefined {
  const end = window.offset + window.limit;
  const result = (ids: number[]) => ({ ids, total: cap, totalCapped: true });
  if (titles.matches.length >= end) return result(titles.matches.slice(window.offset, end).map((match) => match.id));
  // Past the title matches held, which are not all of them.
  if (titles.matches.length > TITLE_MATCHES_HELD) return undefined;
  // Fewer than the page's end: these are every title match.
  const rest = all.matches.filter((match) => !titles.ids.has(match.id));
  const titleCount = titles.matches.length;
  if (end - titleCount > rest.length) return undefined;
  const ordered = [...titles.matches, ...rest.slice(0, end - titleCount)];
  return result(ordered.slice(window.offset, end).map((match) => match.id));
}
