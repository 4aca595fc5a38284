import { GoodsLimits, type GoodsSort, type SearchSort } from "@xianzhi/contract";
import { type RawBuilder, sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import { endsInWord, isCjkPair, wordTokens } from "../../lib/words.js";
import { allOf, compareGoods, type GoodsFilter, goodsOrder, listedMatching, type SortFields } from "./goods-filter.js";
import { heldSearches, type Match, TITLE_MATCHES_HELD } from "./match-sets.js";
import {
  hasWords,
  likePattern,
  type Part,
  pageIds,
  type SearchResult,
  type SearchSource,
  type SearchTerm,
  TRIGRAM_LENGTH,
  type Window,
} from "./search-parts.js";
import { isIndexWord, WordSets } from "./word-sets.js";

/** Whether the filter narrows the listed goods at all (a search without one reads its index alone). */
function narrows(filter: GoodsFilter): boolean {
  return Object.values(filter).some((value) => (Array.isArray(value) ? value.length > 0 : value !== undefined));
}

/**
 * SQLite: one FTS5 table drives each query, read newest first, so a page stops after a page of
 * matches. Terms all of three characters and more use the trigram table (substrings anywhere);
 * otherwise the word table (CJK characters as words, Latin words by prefix). A term without any
 * letter or digit ("%") is matched with LIKE. A term of several names (a brand's) matches any of
 * them: an OR inside the MATCH, in the table all the names can use.
 *
 * The FTS tables hold listed goods only (migration 0010): without a filter, LIKE term or another
 * order, a query reads the index alone, with no goods row read per match.
 */
function sqliteSource(db: DbOrTx, terms: SearchTerm[], filter: GoodsFilter) {
  const indexed = terms.filter((names) => names.every(hasWords));
  const useTrigram = indexed.every((names) => names.every((name) => [...name].length >= TRIGRAM_LENGTH));
  const table = sql.table(useTrigram ? "goods_fts" : "goods_words");
  const phrase = (term: string) => {
    if (useTrigram) return `"${term.replaceAll('"', '""')}"`;
    // Two CJK letters are one entry of the word index (migration 0014), not a phrase of two.
    if (isCjkPair(term)) return `"${term}"`;
    return `"${wordTokens(term).join(" ")}"${endsInWord(term) ? "*" : ""}`;
  };
  const anyPhrase = (names: SearchTerm) =>
    names.length === 1 ? phrase(names[0] as string) : `(${names.map(phrase).join(" OR ")})`;
  const match = indexed.map(anyPhrase).join(" AND ");
  const likeTerms = terms.filter((names) => !names.every(hasWords));
  const anyLike = (names: SearchTerm, columns: string[]) =>
    sql<boolean>`(${sql.join(
      names.flatMap((name) => columns.map((column) => sql`${sql.ref(column)} LIKE ${likePattern(name)} ESCAPE '\\'`)),
      sql` OR `,
    )})`;
  const likes = likeTerms.map((names) => anyLike(names, ["goods.title", "goods.description"]));
  const titleLikes = likeTerms.map((names) => anyLike(names, ["goods.title"]));
  const listed = listedMatching(filter, ...likes);
  /** Goods rows are read only when something beyond the index decides: a filter or a LIKE term. */
  const needsRows = narrows(filter) || likes.length > 0;

  /** FROM and WHERE of a part's matches, and the expression of their id. */
  function matches(part: Part, withRows: boolean): { from: RawBuilder<unknown>; id: RawBuilder<unknown> } {
    if (!match) {
      const titleOnly = allOf([listed, ...titleLikes]);
      const where = part === "all" ? listed : part === "title" ? titleOnly : sql`${listed} AND NOT (${titleOnly})`;
      return { from: sql`goods WHERE ${where}`, id: sql`goods.id` };
    }
    const expression =
      part === "all" ? match : part === "title" ? `{title} : (${match})` : `(${match}) NOT {title} : (${match})`;
    if (!withRows) return { from: sql`${table} WHERE ${table} MATCH ${expression}`, id: sql`${table}.rowid` };
    return {
      from: sql`${table} CROSS JOIN goods ON goods.id = ${table}.rowid WHERE ${table} MATCH ${expression} AND ${listed}`,
      id: sql`goods.id`,
    };
  }
  /** A part's ids in the order of the sort, a window of them. */
  function idsQuery(part: Part, sort: GoodsSort, window: Window) {
    const { from, id } = matches(part, needsRows || sort !== "latest");
    const order = match ? goodsOrder(sort, sql`${table}.rowid DESC`) : goodsOrder(sort);
    return sql`SELECT ${id} AS id FROM ${from} ORDER BY ${order} LIMIT ${window.limit} OFFSET ${window.offset}`;
  }
  return {
    async ids(part: Part, sort: GoodsSort, window: Window) {
      const { rows } = await sql<{ id: number }>`${idsQuery(part, sort, window)}`.execute(db);
      return rows.map((row) => row.id);
    },
    /** The newest `limit` matches, joined into one string by SQLite: one row to read, not a thousand. */
    async newest(limit: number) {
      const { rows } = await sql<{ ids: string | null }>`SELECT string_agg(id, ',' ORDER BY id DESC) AS ids
        FROM (${idsQuery("all", "latest", { limit, offset: 0 })})`.execute(db);
      const ids = rows[0]?.ids;
      return ids ? ids.split(",").map(Number) : [];
    },
  };
}

/** Each database's words held in memory (word-sets.ts), made when first used. */
const wordSetsOf = new WeakMap<DbOrTx, WordSets>();

/**
 * The newest matches up to `limit` from the sets held in memory (word-sets.ts), for a keyword of
 * words each one or two Chinese letters, narrowed by a category at most, when there are two sets
 * or more to meet: common words that rarely meet, or a word rare in the category, cost the index
 * a read of all the word's entries. Undefined otherwise (and when a set cannot be read this
 * second), for the index to answer.
 */
async function heldNewest(db: DbOrTx, words: string[], filter: GoodsFilter, limit: number, inTitle = false) {
  const { category, ...narrowing } = filter;
  const sets = words.length + (category ? 1 : 0);
  const served = words.length >= 1 && sets >= 2 && words.every(isIndexWord) && !narrows(narrowing);
  if (!served || db.isTransaction) return undefined;
  let held = wordSetsOf.get(db);
  if (!held) {
    held = new WordSets(db);
    wordSetsOf.set(db, held);
  }
  return held.newestHoldingAll(words, limit, { category: category || undefined, inTitle });
}

/**
 * A relevance page past the cap from the sets held in memory: the title matches newest first up
 * to the page's end, then (when they are fewer, so all of them) the other matches newest first.
 * Undefined when a set cannot be read this second.
 */
async function heldRelevance(db: DbOrTx, words: string[], filter: GoodsFilter, window: Window) {
  const end = window.offset + window.limit;
  const title = await heldNewest(db, words, filter, end, true);
  if (!title) return undefined;
  if (title.length >= end) return title.slice(window.offset, end);
  const all = await heldNewest(db, words, filter, end + title.length);
  if (!all) return undefined;
  const inTitle = new Set(title);
  return [...title, ...all.filter((id) => !inTitle.has(id))].slice(window.offset, end);
}

/** The goods of these ids, as a search's page needs them to be ordered. */
async function rowsOf(db: DbOrTx, ids: number[]) {
  const { rows } = await sql<SortFields & { title: string }>`SELECT id, title, price_cents, fav_count FROM goods
    WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`.execute(db);
  return rows;
}

/** Whether a title holds every term (any of its names), letter case aside, as the indexes match. */
const holdsAll = (title: string, terms: SearchTerm[]) =>
  terms.every((names) => names.some((name) => title.toLowerCase().includes(name.toLowerCase())));

/**
 * A page by price or popularity taken among these matches: every match when they are all known
 * (read from memory), or past the cap the newest `cap` ones, which the total was read from (the
 * reply says 1,000+), rather than every match of a common word (a sort by price read all of 机's
 * 200,000 and more: 150-250 ms at a million goods).
 */
async function pageAmong(db: DbOrTx, matches: number[], sort: GoodsSort, window: Window): Promise<number[]> {
  const ordered = (await rowsOf(db, matches)).sort(compareGoods(sort));
  return ordered.slice(window.offset, window.offset + window.limit).map((row) => row.id);
}

/**
 * A search on SQLite. Its matches are those held in memory (match-sets.ts) or, when not held, the
 * newest up to one past the cap, read off the index (or off the words held in memory, see
 * heldNewest): that is the total, and when they all fit, every match. A page is then taken from
 * them: newest first as they are, by price or popularity, or relevance as the title matches and
 * then the others. Past the cap the matches are many: a page by price or popularity is taken among
 * the newest `cap`, one by time or relevance read newest first off the index when the held
 * matches do not reach it, which stops early. A viewer with blocked sellers, or a transaction,
 * searches the index every time.
 */
export async function sqliteSearch(
  db: DbOrTx,
  terms: SearchTerm[],
  filter: GoodsFilter,
  sort: SearchSort,
  window: Window,
): Promise<SearchResult> {
  const cap = GoodsLimits.searchTotalCap;
  const source = sqliteSource(db, terms, filter);
  // Held words are single names: a brand's term (耐克 with Nike) is left to the index, which ORs them.
  const words = terms.every((names) => names.length === 1) ? terms.map((names) => names[0] as string) : [];
  const newestMatches = async () => (await heldNewest(db, words, filter, cap + 1)) ?? (await source.newest(cap + 1));
  const sets = heldSearches(db, filter.blockerId);
  if (!sets) return searchOnce(db, source, sort, window, newestMatches);
  const newestTitleMatches = async () =>
    (await heldNewest(db, words, filter, TITLE_MATCHES_HELD + 1, true)) ??
    (await source.ids("title", "latest", { limit: TITLE_MATCHES_HELD + 1, offset: 0 }));
  const page = await sets.pageOf(JSON.stringify([terms, filter]), terms, cap, sort, window, {
    matches: async () => matchesOf(db, terms, await newestMatches()),
    // Only the order of title matches is read: no row is read for their prices.
    titleMatches: async () =>
      (await newestTitleMatches()).map((id) => ({ id, priceCents: 0, favCount: 0, inTitle: true })),
  });
  if (page) return page;
  // Past the cap, a page the held matches do not reach.
  const fromWords = sort === "relevance" ? await heldRelevance(db, words, filter, window) : undefined;
  return { ids: fromWords ?? (await pageIds(source, sort, window)), total: cap, totalCapped: true };
}

/** The matches of these ids, newest first, with what each sort orders them by. */
async function matchesOf(db: DbOrTx, terms: SearchTerm[], newest: number[]): Promise<Match[]> {
  const byId = new Map((await rowsOf(db, newest)).map((row) => [row.id, row]));
  return newest.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id, priceCents: row.priceCents, favCount: row.favCount, inTitle: holdsAll(row.title, terms) }] : [];
  });
}

/**
 * A search read off the index alone, nothing held. Its first read is the newest matches up to one
 * past the cap, as above; a page is then taken from them, with no second read of the whole index
 * for "the rest" of a relevance page.
 */
async function searchOnce(
  db: DbOrTx,
  source: ReturnType<typeof sqliteSource>,
  sort: SearchSort,
  window: Window,
  newestMatches: () => Promise<number[]>,
): Promise<SearchResult> {
  const cap = GoodsLimits.searchTotalCap;
  const newest = await newestMatches();
  const totalCapped = newest.length > cap;
  if (totalCapped && sort !== "latest" && sort !== "relevance") {
    const ids = await pageAmong(db, newest.slice(0, cap), sort, window);
    return { ids, total: cap, totalCapped };
  }
  const known = !totalCapped || (sort === "latest" && window.offset + window.limit <= newest.length);
  const titles = (limit: number) => source.ids("title", "latest", { limit, offset: 0 });
  const ids = known ? await pageOfKnown(source, newest, sort, window, titles) : await pageIds(source, sort, window);
  return { ids, total: Math.min(newest.length, cap), totalCapped };
}

/**
 * A page when `matches` holds every match newest first (or, for "latest", all up to the page's
 * end). `titles(n)` gives the title matches newest first: the first n of them, or all.
 */
async function pageOfKnown(
  source: SearchSource,
  matches: number[],
  sort: SearchSort,
  window: Window,
  titles: (limit: number) => Promise<number[]>,
) {
  const end = window.offset + window.limit;
  if (window.offset >= matches.length) return [];
  if (sort === "latest") return matches.slice(window.offset, end);
  if (sort !== "relevance") return source.ids("all", sort, window);
  const title = await titles(end);
  if (title.length >= end) return title.slice(window.offset, end);
  // Fewer title matches than the page's end: these are all of them, and the rest are the others.
  const inTitle = new Set(title);
  return [...title, ...matches.filter((id) => !inTitle.has(id))].slice(window.offset, end);
}
