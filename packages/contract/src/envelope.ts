import { PageLimits } from "./values/envelope.js";
import { z } from "./zod.js";

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PageLimits.maxPage).default(1),
  pageSize: z.coerce.number().int().min(1).max(PageLimits.maxPageSize).default(PageLimits.defaultPageSize),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;
