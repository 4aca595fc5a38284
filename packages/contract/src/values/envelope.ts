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
} as const;

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
  /** Search and narrowed lists: true when there are more matches than the total says (shown as "1000+"). */
  totalCapped?: boolean;
}
