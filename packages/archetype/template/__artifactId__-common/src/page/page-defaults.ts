import type { SortDirection } from './page-query.js';

export const PAGE_DEFAULTS = {
  pageSize: 20,
  /** Larger requests are capped to this size rather than rejected. */
  pageSizeMax: 100,
  pageIndex: 1,
  sortDirection: 'DESC' as SortDirection,
  /** More sort terms than this are rejected: each one is an `ORDER BY` column the database has to honour. */
  sortsMax: 5,
} as const;
