import type { PageQuery } from "@xianzhi/contract";

/** The rows a page of a list starts at and holds. */
export function pageWindow(query: PageQuery) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}
