import { text } from "./fields.js";
import { PageLimits } from "./values/envelope.js";
import { z } from "./zod.js";

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PageLimits.maxPage).default(1),
  pageSize: z.coerce.number().int().min(1).max(PageLimits.maxPageSize).default(PageLimits.defaultPageSize),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/**
 * A list's `cursor` parameter: a `nextCursor` the list answered (base64url characters). What it
 * holds is the server's business; one that is not a cursor of this list is a 400 naming the field.
 */
export const CursorSchema = text()
  .min(1)
  .max(PageLimits.cursorMax)
  .regex(/^[A-Za-z0-9_-]+$/);

/** A cursor reads onwards from where it points: a page number beside it would contradict it. */
export function withCursorNotPage<S extends z.ZodType<{ cursor?: string; page: number }>>(schema: S) {
  return schema.refine((query) => query.cursor === undefined || query.page === 1, {
    message: "翻页位置与页码不能同时使用",
    path: ["cursor"],
  });
}

/**
 * The schema of a page of a list (`Page<T>`, values/envelope.ts): `pageOf(GoodsSchema)`. Answers
 * are documented with it, never checked: the server sends what its services return.
 */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    totalCapped: z
      .boolean()
      .optional()
      .describe('Search and narrowed lists: true when there are more matches than the total says (shown as "1000+").'),
  });
}

/** The schema of a page that can also be read onwards from a cursor (`CursorPage<T>`). */
export function cursorPageOf<T extends z.ZodType>(item: T) {
  return pageOf(item).extend({
    nextCursor: z
      .string()
      .nullable()
      .describe(
        "Passed back as the `cursor` parameter, asks for the items after this page's last one in the same order, however many were added in front of it meanwhile. Null after the last page. The cursor is opaque.",
      ),
  });
}
