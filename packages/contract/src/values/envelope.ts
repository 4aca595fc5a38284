/** The envelope and page shapes every reply shares: plain values and types, free of schemas. */
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
  /** A list cursor's length: the answers' cursors are far shorter; anything longer is not one. */
  cursorMax: 200,
} as const;

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
  /** Search and narrowed lists: true when there are more matches than the total says (shown as "1000+"). */
  totalCapped?: boolean;
}

/**
 * A page of a list that can also be read onwards from a cursor (keyset pagination, for endless
 * scrolling): `nextCursor`, passed back as the `cursor` parameter, asks for the items after this
 * page's last one in the same order, however many were added in front of it meanwhile, and costs
 * the server what the first page costs. Null after the last page. The cursor is opaque.
 */
export interface CursorPage<T> extends Page<T> {
  nextCursor: string | null;
}
