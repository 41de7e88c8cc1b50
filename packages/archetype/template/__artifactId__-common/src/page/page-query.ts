export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** One `ORDER BY` term. `Column` is the whitelist of sortable fields of one entity. */
export interface SortOrder<Column extends string = string> {
  readonly column: Column;
  readonly direction: SortDirection;
}

/** A page request: `pageIndex` is 1-based, `sorts` apply in order. */
export interface PageQuery<Column extends string = string> {
  readonly pageSize: number;
  readonly pageIndex: number;
  readonly sorts: readonly SortOrder<Column>[];
}

/** How many rows precede the requested page. */
export function pageOffset(query: PageQuery): number {
  return (query.pageIndex - 1) * query.pageSize;
}
