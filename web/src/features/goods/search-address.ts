import type { SearchCriteria } from "@xianzhi/contract";
import { paths } from "../../app/paths";
import { searchQuery } from "./screen-queries";

/** The keyword and filters of the search at this address (what 保存搜索 keeps); none without a keyword. */
export function searchCriteriaAt(params: URLSearchParams): SearchCriteria | undefined {
  const { keyword, category, minPrice, maxPrice, condition, city } = searchQuery(params);
  if (!keyword) return undefined;
  const criteria: SearchCriteria = { keyword, category, minPrice, maxPrice, condition, city };
  return Object.fromEntries(Object.entries(criteria).filter(([, value]) => value !== undefined)) as SearchCriteria;
}

/** The search page's address running these criteria (prices in yuan, as the page keeps them). */
export function searchAddress(criteria: SearchCriteria): string {
  const params = new URLSearchParams({ keyword: criteria.keyword });
  if (criteria.category) params.set("category", criteria.category);
  if (criteria.minPrice !== undefined) params.set("minPrice", String(criteria.minPrice / 100));
  if (criteria.maxPrice !== undefined) params.set("maxPrice", String(criteria.maxPrice / 100));
  if (criteria.condition?.length) params.set("condition", criteria.condition.join(","));
  if (criteria.city) params.set("city", criteria.city);
  return `${paths.searchResult()}?${params}`;
}
