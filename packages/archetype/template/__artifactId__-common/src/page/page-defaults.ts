import type { SortDirection } from './page-query.js';

export const PAGE_SIZE_DEFAULT = 20;
/** Larger requests are capped to this size rather than rejected. */
export const PAGE_SIZE_MAX = 100;
export const PAGE_INDEX_DEFAULT = 1;
export const SORT_DIRECTION_DEFAULT: SortDirection = 'DESC';
/** More sort terms than this are rejected: each one is an `ORDER BY` column the database has to honour. */
export const SORTS_MAX = 5;
