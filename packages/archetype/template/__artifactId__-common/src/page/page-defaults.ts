import type { SortDirection } from './page-query.js';

export const PAGE_DEFAULTS = {
  pageSize: 20,
  /** A larger page size is a 400 naming the range, as a page size below 1 is. */
  pageSizeMax: 100,
  pageIndex: 1,
  sortDirection: 'DESC' as SortDirection,
  /** More sort terms than this are rejected: each one is an `ORDER BY` column the database has to honour. */
  sortsMax: 5,
} as const;
