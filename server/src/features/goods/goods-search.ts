import type { SearchSort } from "@xianzhi/contract";
import { type DbOrTx, dialectOf } from "../../db/database.js";
import type { GoodsFilter } from "./goods-filter.js";
import type { SearchResult, Window } from "./search-parts.js";
import { postgresSearch } from "./search-postgres.js";
import { sqliteSearch } from "./search-sqlite.js";

export type { SearchResult } from "./search-parts.js";

/**
 * The most words of a keyword a search matches; those past it are left out. Each word is another
 * index read that every match must pass, and a keyword of many words rarely means more than its
 * first few.
 */
const MAX_TERMS = 5;

/** Words of the keyword, each to be found in the title or the description. */
export function searchTerms(keyword: string): string[] {
  return [...new Set(keyword.split(/\s+/).filter(Boolean))].slice(0, MAX_TERMS);
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
