import { z } from "./zod.js";

/** The business code of every successful reply. */
export const SUCCESS_CODE = 200;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const PageLimits = {
  defaultPageSize: 20,
  maxPageSize: 100,
  /** Deep pages cost the database more than any person browsing needs. */
  maxPage: 1000,
} as const;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PageLimits.maxPage).default(1),
  pageSize: z.coerce.number().int().min(1).max(PageLimits.maxPageSize).default(PageLimits.defaultPageSize),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
  /** Search only: true when there are more matches than the total says (shown as "10000+"). */
  totalCapped?: boolean;
}
