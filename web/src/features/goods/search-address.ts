import type { SearchCriteria } from "@xianzhi/contract";
import { searchResultsPath } from "@xianzhi/contract/constants";
import { searchQuery } from "./screen-queries";

/** The keyword and filters of the search at this address (what 保存搜索 keeps); none without a keyword. */
export function searchCriteriaAt(params: URLSearchParams): SearchCriteria | undefined {
  const { keyword, category, minPrice, maxPrice, condition, city } = searchQuery(params);
  if (!keyword) return undefined;
  const criteria: SearchCriteria = { keyword, category, minPrice, maxPrice, condition, city };
  return Object.fromEntries(Object.entries(criteria).filter(([, value]) => value !== undefined)) as SearchCriteria;
}

/** The search page's address running these criteria (prices in yuan, as the page keeps them). */
export const searchAddress: (criteria: SearchCriteria) => string = searchResultsPath;
