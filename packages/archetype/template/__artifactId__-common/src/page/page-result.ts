import { type PageQuery, pageOffset } from './page-query.js';

/** One page of a larger result; `totalCount` counts every row that matched, not just this page. */
export interface PageResult<T> {
  readonly list: readonly T[];
  readonly totalCount: number;
  readonly pageSize: number;
  readonly pageIndex: number;
}

/**
 * The total a page's own rows already tell, so the count query can be skipped (as Spring Data's
 * `PageableExecutionUtils` does): a page with room left is the last one, so the total is the rows before it
 * plus its own, unless it is empty past the first page, which says nothing. Undefined when the rows cannot tell:
 * a full page, or an empty one past the end.
 */
export function totalCountFromPage(query: PageQuery, rowCount: number): number | undefined {
  const offset = pageOffset(query);
  if (rowCount >= query.pageSize || (rowCount === 0 && offset > 0)) return undefined;
  return offset + rowCount;
}

export function mapPageResult<T, R>(page: PageResult<T>, convert: (item: T) => R): PageResult<R> {
  return { ...page, list: page.list.map(convert) };
}
