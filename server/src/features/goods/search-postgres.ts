import { GoodsLimits, type SearchSort } from "@xianzhi/contract";
import { type RawBuilder, sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import { endsInWord, isCjkOnly, isCjkPair, wordTokens } from "../../lib/words.js";
import { allOf, compareGoods, type GoodsFilter, goodsOrder, listedMatching, type SortFields } from "./goods-filter.js";
import { type Match as HeldMatch, heldSearches, TITLE_MATCHES_HELD } from "./match-sets.js";
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

/** One match as the PostgreSQL search first reads it: enough to order it by any sort. */
interface Match extends SortFields {
  inTitle: boolean;
}

const latestFirst = compareGoods("latest");
/** Relevance: title matches first, then the others, each newest first. */
const compareMatches = (sort: SearchSort) =>
  sort === "relevance"
    ? (a: Match, b: Match) => Number(b.inTitle) - Number(a.inTitle) || latestFirst(a, b)
    : compareGoods(sort);

/**
 * A word of three CJK letters and more ("九成新") is in a text only where all its pairs are, which
 * the word vector holds (migration 0014). Its goods are found by those pairs, read in the same GIN
 * scan as the other terms' words, and strpos then checks that its letters stand in a row: the
 * trigram index would first read every goods holding the word (a hundred thousand for 九成新 at a
 * million goods) before the other terms narrow them. Letters have no case, so strpos is exact.
 */
const isCjkWord = (term: string) => [...term].length >= TRIGRAM_LENGTH && isCjkOnly(term) && /^\p{L}+$/u.test(term);

/** A regular expression matching the term's characters as they are (its specials escaped). */
const literalPattern = (term: string) => term.replace(/[.^$*+?()[\]{}|\\]/g, "\\$&");

/** All the pairs of a CJK word, each a word of the vector: "九成 & 成新". */
function cjkPairsQuery(term: string): string {
  const letters = [...term];
  return letters
    .slice(1)
    .map((letter, i) => `${letters[i]}${letter}`)
    .join(" & ");
}

/** The newest listed goods a PostgreSQL search samples first, to tell how dense its matches are. */
const PROBE_ROWS = 2000;
/**
 * The most rows a walk may expect to read: walking goods newest first meets `n` matches after
 * about n / density rows, where a bitmap scan reads every match of the GIN posting lists, which
 * grow with the whole table. At this many rows the walk still takes a few milliseconds.
 */
const WALK_ROWS = 30_000;
/** Matches of a part the sample must hold before its density is trusted. */
const SAMPLE_HITS = 4;

type Plan = "bitmap" | "walk";

/** The statement that has the rest of the transaction read by this plan. */
function planSettings(plan: Plan) {
  const walk = plan === "walk" ? "on" : "off";
  const bitmap = plan === "bitmap" ? "on" : "off";
  // No parallel workers either: starting them costs more than these short reads take.
  return sql`SELECT set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true),
    set_config('max_parallel_workers_per_gather', '0', true),
    set_config('enable_indexscan', ${walk}, true), set_config('enable_bitmapscan', ${bitmap}, true)`;
}

/**
 * PostgreSQL: terms of three characters and more by LIKE (ILIKE if they have letter case), served
 * by the pg_trgm indexes; shorter ones by the weighted word vector (title words weigh A). A term
 * of several names (a brand's: 耐克 or Nike) is an OR of theirs.
 *
 * A search first samples the newest goods, which tells how dense each part of its matches is (all,
 * title, the rest). Where a page or the capped total is expected within a short walk, it is read
 * by walking the index of the requested order, newest first. Otherwise one bitmap scan through
 * the GIN indexes reads the matches, stopping after the cap; when they all fit, they are ordered
 * and paged here, so one scan answers the page, the total and relevance alike. The planner is told
 * which plan, since with a LIMIT it tends to walk even when matches are rare, which reads the
 * whole table.
 * All of it runs in one transaction, each statement under the plan chosen for it.
 */
export async function postgresSearch(
  db: DbOrTx,
  terms: SearchTerm[],
  filter: GoodsFilter,
  sort: SearchSort,
  window: Window,
): Promise<SearchResult> {
  // Two CJK letters are one entry of the word vector (migration 0014), not a phrase of two.
  const tsquery = (term: string, weight: string) =>
    (isCjkPair(term) ? [term] : wordTokens(term))
      .map((token, i, all) => `${token}:${i === all.length - 1 && endsInWord(term) ? "*" : ""}${weight}`)
      .join(" <-> ");
  const useWords = (term: string) => [...term].length < TRIGRAM_LENGTH && hasWords(term);
  // A term without letter case (Chinese) needs no case folding: LIKE. One with case is matched by
  // a case-blind regular expression of its characters, which PostgreSQL tests in about half the
  // time ILIKE takes on a walk of the newest goods; the pg_trgm indexes serve both.
  const like = (column: string, term: string) =>
    term.toLowerCase() === term.toUpperCase()
      ? sql<boolean>`${sql.ref(column)} LIKE ${likePattern(term)}`
      : sql<boolean>`${sql.ref(column)} ~* ${literalPattern(term)}`;
  const anywhere = (term: string) =>
    useWords(term)
      ? sql<boolean>`goods.search_words @@ to_tsquery('simple', ${tsquery(term, "")})`
      : isCjkWord(term)
        ? sql<boolean>`(goods.search_words @@ to_tsquery('simple', ${cjkPairsQuery(term)})
            AND (strpos(goods.title, ${term}) > 0 OR strpos(goods.description, ${term}) > 0))`
        : sql<boolean>`(${like("goods.title", term)} OR ${like("goods.description", term)})`;
  const inTitle = (term: string) =>
    useWords(term)
      ? sql<boolean>`goods.search_words @@ to_tsquery('simple', ${tsquery(term, "A")})`
      : isCjkWord(term)
        ? sql<boolean>`strpos(goods.title, ${term}) > 0`
        : like("goods.title", term);
  /** A term of several names (a brand's) matches where any of them does. */
  const anyOf = (names: SearchTerm, match: (name: string) => RawBuilder<boolean>) =>
    names.length === 1 ? match(names[0] as string) : sql<boolean>`(${sql.join(names.map(match), sql` OR `)})`;
  const matchAll = listedMatching(filter, ...terms.map((names) => anyOf(names, anywhere)));
  const titleAll = allOf(terms.map((names) => anyOf(names, inTitle)));
  const where = (part: Part) =>
    part === "all"
      ? matchAll
      : part === "title"
        ? sql`${matchAll} AND ${titleAll}`
        : sql`${matchAll} AND NOT (${titleAll})`;
  const cap = GoodsLimits.searchTotalCap;

  const sets = heldSearches(db, filter.blockerId);
  if (sets) {
    const page = await sets.pageOf(JSON.stringify([terms, filter]), terms, cap, sort, window, {
      matches: () => newestMatches(db, matchAll, titleAll, cap + 1),
      titleMatches: () =>
        newestMatches(db, sql<boolean>`${matchAll} AND ${titleAll}`, titleAll, TITLE_MATCHES_HELD + 1),
    });
    if (page) return page;
  }

  return db.transaction().execute(async (tx) => {
    let current: Plan | undefined;
    /** One statement sets the plan for those that follow, until the next. */
    const use = async (plan: Plan) => {
      if (plan === current) return;
      current = plan;
      await planSettings(plan).execute(tx);
    };

    await use("walk");
    // Each sampled row is matched once, where the sample is read (its LIMIT keeps PostgreSQL from
    // pasting the match into both counts), and its title only when it matches.
    const { rows: sampled } = await sql<{ seen: string; hits: string; titleHits: string }>`SELECT COUNT(*) AS seen,
        COUNT(*) FILTER (WHERE hit) AS hits, COUNT(*) FILTER (WHERE hit AND ${titleAll}) AS title_hits
      FROM (SELECT goods.title, goods.search_words, ${matchAll} AS hit FROM goods WHERE goods.listed = 1
        ORDER BY goods.id DESC LIMIT ${PROBE_ROWS}) AS goods`.execute(tx);
    const sample = {
      seen: Number(sampled[0]?.seen),
      hits: Number(sampled[0]?.hits),
      title: Number(sampled[0]?.titleHits),
    };

    const hits: Record<Part, number> = { all: sample.hits, title: sample.title, rest: sample.hits - sample.title };
    /**
     * Walk when `rows` matches of the part are expected within WALK_ROWS goods. The sample must be
     * full, and hold enough of the part's matches for its density to be more than chance.
     */
    const planOf = (part: Part, rows: number): Plan =>
      sample.seen === PROBE_ROWS && hits[part] >= SAMPLE_HITS && (rows * sample.seen) / hits[part] <= WALK_ROWS
        ? "walk"
        : "bitmap";

    let counted: number;
    if (planOf("all", cap + 1) === "walk") {
      // Newest first, over the pages the sample has just read.
      const { rows } = await sql<{ n: string }>`SELECT COUNT(*) AS n
        FROM (SELECT 1 FROM goods WHERE ${matchAll} ORDER BY goods.id DESC LIMIT ${cap + 1}) AS capped`.execute(tx);
      counted = Number(rows[0]?.n ?? 0);
    } else {
      await use("bitmap");
      const { rows: matches } = await sql<Match>`SELECT goods.id, goods.price_cents, goods.fav_count,
          (${titleAll}) AS in_title
        FROM goods WHERE ${matchAll} LIMIT ${cap + 1}`.execute(tx);
      if (matches.length <= cap) {
        const page = matches.sort(compareMatches(sort)).slice(window.offset, window.offset + window.limit);
        return { ids: page.map((match) => match.id), total: matches.length, totalCapped: false };
      }
      counted = matches.length;
    }

    if (counted > cap && sort !== "latest" && sort !== "relevance") {
      // Past the cap, a sort by price or popularity is taken among the newest `cap` matches (the
      // reply says 1,000+), as on SQLite: sorting every match of a common word reads them all.
      await use(planOf("all", cap));
      const { rows: newest } = await sql<Match>`SELECT goods.id, goods.price_cents, goods.fav_count, false AS in_title
        FROM goods WHERE ${matchAll} ORDER BY goods.id DESC LIMIT ${cap}`.execute(tx);
      const page = newest.sort(compareMatches(sort)).slice(window.offset, window.offset + window.limit);
      return { ids: page.map((match) => match.id), total: cap, totalCapped: true };
    }

    const source: SearchSource = {
      async ids(part, order, page) {
        await use(planOf(part, page.offset + page.limit));
        const { rows } = await sql<{ id: number }>`SELECT goods.id AS id FROM goods WHERE ${where(part)}
          ORDER BY ${goodsOrder(order)} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(tx);
        return rows.map((row) => row.id);
      },
    };
    const ids = await pageIds(source, sort, window);
    return { ids, total: Math.min(counted, cap), totalCapped: counted > cap };
  });
}

/**
 * The newest `limit` matches with their sort fields, for a search held in memory (match-sets.ts):
 * walking the goods newest first where the newest goods hold enough of them (as the sample of
 * postgresSearch tells), otherwise through the GIN indexes, all matches then ordered.
 */
async function newestMatches(
  db: DbOrTx,
  matchAll: RawBuilder<boolean>,
  titleAll: RawBuilder<boolean>,
  limit: number,
): Promise<HeldMatch[]> {
  return db.transaction().execute(async (tx) => {
    const settings = (
      walk: boolean,
    ) => sql`SELECT set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true),
      set_config('max_parallel_workers_per_gather', '0', true),
      set_config('enable_indexscan', ${walk ? "on" : "off"}, true), set_config('enable_bitmapscan', ${walk ? "off" : "on"}, true)`;
    await settings(true).execute(tx);
    const { rows: sampled } = await sql<{ seen: string; hits: string }>`SELECT COUNT(*) AS seen,
        COUNT(*) FILTER (WHERE hit) AS hits
      FROM (SELECT ${matchAll} AS hit FROM goods WHERE goods.listed = 1 ORDER BY goods.id DESC LIMIT ${PROBE_ROWS}) AS goods`.execute(
      tx,
    );
    const seen = Number(sampled[0]?.seen);
    const hits = Number(sampled[0]?.hits);
    const walk = seen === PROBE_ROWS && hits >= SAMPLE_HITS && (limit * seen) / hits <= WALK_ROWS;
    if (!walk) await planSettings("bitmap").execute(tx);
    const { rows } = await sql<SortFields & { inTitle: boolean }>`SELECT goods.id, goods.price_cents, goods.fav_count,
        (${titleAll}) AS in_title
      FROM goods WHERE ${matchAll} ORDER BY goods.id DESC LIMIT ${limit}`.execute(tx);
    return rows.map((row) => ({
      id: row.id,
      priceCents: row.priceCents,
      favCount: row.favCount,
      inTitle: row.inTitle,
    }));
  });
}
