import type { SearchCriteria } from "@xianzhi/contract";
import { searchTerms } from "../goods/index.js";

/** The criteria with their keys in one order and empty ones left out: equal searches are equal text. */
export function criteriaText(criteria: SearchCriteria): string {
  const { keyword, category, minPrice, maxPrice, condition, city } = criteria;
  return JSON.stringify({
    keyword,
    category,
    minPrice,
    maxPrice,
    condition: condition?.length ? [...new Set(condition)].sort() : undefined,
    city,
  });
}

/** What a saved search's job needs to know of goods to tell whether they match. */
export interface MatchableGoods {
  title: string;
  description: string;
  priceCents: number;
  category: string;
  condition: string;
  location: string;
  listed: number;
}

/**
 * Whether goods match a saved search as the search itself finds them: listed, passing the
 * filters, and holding each of the keyword's search terms in the title or the description
 * (letter case aside), a brand's under any of its names. Built once per search, run on every new goods.
 */
export function criteriaMatcher(criteria: SearchCriteria): (goods: MatchableGoods) => boolean {
  const terms = searchTerms(criteria.keyword).map((names) => names.map((name) => name.toLowerCase()));
  const { category, minPrice, maxPrice, condition, city } = criteria;
  return (goods) =>
    goods.listed === 1 &&
    (category === undefined || goods.category === category) &&
    (minPrice === undefined || goods.priceCents >= minPrice) &&
    (maxPrice === undefined || goods.priceCents <= maxPrice) &&
    (!condition?.length || condition.includes(goods.condition as never)) &&
    (city === undefined || goods.location.startsWith(city)) &&
    terms.every((names) =>
      names.some((name) => goods.title.toLowerCase().includes(name) || goods.description.toLowerCase().includes(name)),
    );
}
