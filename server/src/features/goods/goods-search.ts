import { GoodsLimits, type GoodsSort, type SearchSort } from "@xianzhi/contract";
import { type RawBuilder, sql } from "kysely";
import { type DbOrTx, dialectOf } from "../../db/database.js";
import { endsInWord, wordTokens } from "../../lib/words.js";
import { allOf, compareGoods, type GoodsFilter, goodsOrder, listedMatching, type SortFields } from "./goods-filter.js";

const MAX_TERMS = 5;
/** Trigram indexes answer terms of three characters and more, anywhere inside a word. */
const TRIGRAM_LENGTH = 3;

/** Words of the keyword, each to be found in the title or the description. */
export function searchTerms(keyword: string): string[] {
  return [...new Set(keyword.split(/\s+/).filter(Boolean))].slice(0, MAX_TERMS);
}

/**
 * Which part of the matches a query asks for. Relevance lists title matches first, then the
 * rest, each newest first: two index-driven reads instead of scoring every match.
 */
type Part = "all" | "title" | "rest";
type Window = { limit: number; offset: number };

interface SearchSource {
  ids(part: Part, sort: GoodsSort, window: Window): Promise<number[]>;
}

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const hasWords = (term: string) => wordTokens(term).length > 0;

/** Whether the filter narrows the listed goods at all (a search without one reads its index alone). */
function narrows(filter: GoodsFilter): boolean {
  return Object.values(filter).some((value) => (Array.isArray(value) ? value.length > 0 : value !== undefined));
}

/**
 * SQLite: one FTS5 table drives each query, read newest first, so a page stops after a page of
 * matches. Terms all of three characters and more use the trigram table (substrings anywhere);
 * otherwise the word table (CJK characters as words, Latin words by prefix). A term without any
 * letter or digit ("%") is matched with LIKE.
 *
 * The FTS tables hold listed goods only (migration 0010): without a filter, LIKE term or another
 * order, a query reads the index alone, and counting the matches reads no goods row.
 */
function sqliteSource(db: DbOrTx, terms: string[], filter: GoodsFilter) {
  const indexed = terms.filter(hasWords);
  const useTrigram = indexed.every((term) => [...term].length >= TRIGRAM_LENGTH);
  const table = sql.table(useTrigram ? "goods_fts" : "goods_words");
  const phrase = (term: string) =>
    useTrigram ? `"${term.replaceAll('"', '""')}"` : `"${wordTokens(term).join(" ")}"${endsInWord(term) ? "*" : ""}`;
  const match = indexed.map(phrase).join(" AND ");
  const likeTerms = terms.filter((term) => !hasWords(term));
  const likes = likeTerms.map(
    (term) =>
      sql<boolean>`(goods.title LIKE ${likePattern(term)} ESCAPE '\\' OR goods.description LIKE ${likePattern(term)} ESCAPE '\\')`,
  );
  const titleLikes = likeTerms.map((term) => sql<boolean>`goods.title LIKE ${likePattern(term)} ESCAPE '\\'`);
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
  return {
    async ids(part: Part, sort: GoodsSort, window: Window) {
      const { from, id } = matches(part, needsRows || sort !== "latest");
      const order = match ? goodsOrder(sort, sql`${table}.rowid DESC`) : goodsOrder(sort);
      const { rows } = await sql<{ id: number }>`SELECT ${id} AS id FROM ${from}
        ORDER BY ${order} LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db);
      return rows.map((row) => row.id);
    },
    /** Matches counted up to `cap`, so counting a common word costs no more than the cap. */
    async count(part: Part, cap: number) {
      const { from } = matches(part, needsRows);
      const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${from} LIMIT ${cap})`.execute(
        db,
      );
      return Number(rows[0]?.n ?? 0);
    },
  };
}

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

/**
 * PostgreSQL: terms of three characters and more by LIKE (ILIKE if they have letter case), served
 * by the pg_trgm indexes; shorter ones by the weighted word vector (title words weigh A).
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
async function postgresSearch(
  db: DbOrTx,
  terms: string[],
  filter: GoodsFilter,
  sort: SearchSort,
  window: Window,
): Promise<SearchResult> {
  const tsquery = (term: string, weight: string) =>
    wordTokens(term)
      .map((token, i, all) => `${token}:${i === all.length - 1 && endsInWord(term) ? "*" : ""}${weight}`)
      .join(" <-> ");
  const useWords = (term: string) => [...term].length < TRIGRAM_LENGTH && hasWords(term);
  // A term without letter case (Chinese) needs no ILIKE, whose lower-casing of every row's text
  // costs several times what LIKE does; the pg_trgm indexes serve both.
  const like = (column: string, term: string) =>
    term.toLowerCase() === term.toUpperCase()
      ? sql<boolean>`${sql.ref(column)} LIKE ${likePattern(term)}`
      : sql<boolean>`${sql.ref(column)} ILIKE ${likePattern(term)}`;
  const anywhere = (term: string) =>
    useWords(term)
      ? sql<boolean>`goods.search_words @@ to_tsquery('simple', ${tsquery(term, "")})`
      : sql<boolean>`(${like("goods.title", term)} OR ${like("goods.description", term)})`;
  const inTitle = (term: string) =>
    useWords(term)
      ? sql<boolean>`goods.search_words @@ to_tsquery('simple', ${tsquery(term, "A")})`
      : like("goods.title", term);
  const matchAll = listedMatching(filter, ...terms.map(anywhere));
  const titleAll = allOf(terms.map(inTitle));
  const where = (part: Part) =>
    part === "all"
      ? matchAll
      : part === "title"
        ? sql`${matchAll} AND ${titleAll}`
        : sql`${matchAll} AND NOT (${titleAll})`;
  const cap = GoodsLimits.searchTotalCap;

  return db.transaction().execute(async (tx) => {
    let current: Plan | undefined;
    /** One statement sets the plan for those that follow, until the next. */
    const use = async (plan: Plan) => {
      if (plan === current) return;
      current = plan;
      const walk = plan === "walk" ? "on" : "off";
      const bitmap = plan === "bitmap" ? "on" : "off";
      // No parallel workers either: starting them costs more than these short reads take.
      await sql`SELECT set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true),
        set_config('max_parallel_workers_per_gather', '0', true),
        set_config('enable_indexscan', ${walk}, true), set_config('enable_bitmapscan', ${bitmap}, true)`.execute(tx);
    };

    await use("walk");
    const { rows: sampled } = await sql<{ seen: string; hits: string; titleHits: string }>`SELECT COUNT(*) AS seen,
        COUNT(*) FILTER (WHERE ${matchAll}) AS hits, COUNT(*) FILTER (WHERE ${matchAll} AND ${titleAll}) AS title_hits
      FROM (SELECT * FROM goods WHERE goods.listed = 1 ORDER BY goods.id DESC LIMIT ${PROBE_ROWS}) AS goods`.execute(
      tx,
    );
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

/** One page of ids in the order asked for: relevance reads its two parts, any other sort all matches. */
function pageIds(source: SearchSource, sort: SearchSort, window: Window): Promise<number[]> {
  return sort === "relevance" ? relevanceIds(source, window) : source.ids("all", sort, window);
}

/** Title matches first, then the others; each part newest first. */
async function relevanceIds(source: SearchSource, window: Window): Promise<number[]> {
  // The title matches up to the end of the page, in one read: the page's share of them, and how
  // far into the rest the page starts.
  const title = await source.ids("title", "latest", { limit: window.offset + window.limit, offset: 0 });
  const fromTitle = title.slice(window.offset);
  const remaining = window.limit - fromTitle.length;
  if (remaining === 0) return fromTitle;
  const rest = await source.ids("rest", "latest", {
    limit: remaining,
    offset: Math.max(0, window.offset - title.length),
  });
  return [...fromTitle, ...rest];
}

export interface SearchResult {
  ids: number[];
  total: number;
  /** The total stopped counting at GoodsLimits.searchTotalCap: there are at least that many. */
  totalCapped: boolean;
}

export async function searchGoodsIds(
  db: DbOrTx,
  keyword: string,
  filter: GoodsFilter,
  sort: SearchSort,
  window: Window,
): Promise<SearchResult> {
  const terms = searchTerms(keyword);
  if (dialectOf(db) === "postgres") return postgresSearch(db, terms, filter, sort, window);
  const source = sqliteSource(db, terms, filter);
  const ids = await pageIds(source, sort, window);
  const counted = await source.count("all", GoodsLimits.searchTotalCap + 1);
  return {
    ids,
    total: Math.min(counted, GoodsLimits.searchTotalCap),
    totalCapped: counted > GoodsLimits.searchTotalCap,
  };
}
