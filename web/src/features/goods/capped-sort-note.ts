import { SEARCH_SORTS, type SearchSort } from "@xianzhi/contract/constants";

/**
 * What a search sorted by price or popularity says when its matches are past the count's cap: the
 * server orders the newest of them (as many as the total says), not every match, and the user
 * should know the cheapest shown is the cheapest of those. Null when there is nothing to say.
 */
export function cappedSortNote(sort: SearchSort, page: { total: number; totalCapped?: boolean } | undefined) {
  if (!page?.totalCapped || sort === "relevance" || sort === "latest") return null;
  return `结果较多，以下是最新发布的 ${page.total} 件按“${SEARCH_SORTS[sort]}”排列；加上分类或筛选可以找得更全`;
}
