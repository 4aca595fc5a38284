import type { GoodsSort, SearchSort } from "@xianzhi/contract";
import { wordTokens } from "../../lib/words.js";

/**
 * A word of the keyword as searched: the names any of which a goods must hold, the word as typed
 * first; a brand's word brings its other names (耐克 → 耐克, Nike; see BRANDS in the contract).
 */
export type SearchTerm = string[];

/** Trigram indexes answer terms of three characters and more, anywhere inside a word. */
export const TRIGRAM_LENGTH = 3;

/**
 * Which part of the matches a query asks for. Relevance lists title matches first, then the
 * rest, each newest first: two index-driven reads instead of scoring every match.
 */
export type Part = "all" | "title" | "rest";
export type Window = { limit: number; offset: number };

export interface SearchSource {
  ids(part: Part, sort: GoodsSort, window: Window): Promise<number[]>;
}

export interface SearchResult {
  ids: number[];
  total: number;
  /** The total stopped counting at GoodsLimits.searchTotalCap: there are at least that many. */
  totalCapped: boolean;
}

export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export const hasWords = (term: string) => wordTokens(term).length > 0;

/** One page of ids in the order asked for: relevance reads its two parts, any other sort all matches. */
export function pageIds(source: SearchSource, sort: SearchSort, window: Window): Promise<number[]> {
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
