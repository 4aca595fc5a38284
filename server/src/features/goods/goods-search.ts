import { brandNames, type SearchSort } from "@xianzhi/contract";
import { type DbOrTx, dialectOf } from "../../db/database.js";
import { isCjkOnly } from "../../lib/words.js";
import type { GoodsFilter } from "./goods-filter.js";
import type { SearchResult, SearchTerm, Window } from "./search-parts.js";
import { postgresSearch } from "./search-postgres.js";
import { sqliteSearch } from "./search-sqlite.js";

export type { SearchResult, SearchTerm } from "./search-parts.js";

/**
 * The most words of a keyword a search matches; those past it are left out. Each word is another
 * index read that every match must pass, and a keyword of many words rarely means more than its
 * first few.
 */
const MAX_TERMS = 5;

/**
 * Words of the keyword, each to be found in the title or the description: the first MAX_TERMS
 * different ones (letter case aside, as every index ignores it), less any CJK word inside another
 * of them (手机 beside 苹果手机), which every goods the longer word finds holds too, in the same
 * field: one index read fewer for the same goods, title matches included. Each comes with the
 * other names of its brand, when it names one; two words of one brand (耐克 Nike) are one term.
 */
export function searchTerms(keyword: string): SearchTerm[] {
  const distinct = new Map<string, string>();
  for (const word of keyword.split(/\s+/)) {
    if (word && !distinct.has(word.toLowerCase())) distinct.set(word.toLowerCase(), word);
  }
  const words = [...distinct.values()].slice(0, MAX_TERMS);
  const kept = words.filter(
    (word) => !(isCjkOnly(word) && words.some((other) => other !== word && other.includes(word))),
  );
  const terms = new Map<string, SearchTerm>();
  for (const word of kept) {
    const names = brandNames(word);
    const key = names
      .map((name) => name.toLowerCase())
      .sort()
      .join(" ");
    if (!terms.has(key)) terms.set(key, names);
  }
  return [...terms.values()];
}

export async function searchGoodsIds(
  db: DbOrTx,
  keyword: string,
  filter: GoodsFilter,
  sort: SearchSort,
  window: Window,
): Promise<SearchResult> {
  const terms = searchTerms(keyword);
  const search = dialectOf(db) === "postgres" ? postgresSearch : sqliteSearch;
  return search(db, terms, filter, sort, window);
}
