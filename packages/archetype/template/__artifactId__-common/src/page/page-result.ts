/** One page of a larger result; `totalCount` counts every row that matched, not just this page. */
export interface PageResult<T> {
  readonly list: readonly T[];
  readonly totalCount: number;
  readonly pageSize: number;
  readonly pageIndex: number;
}

export function mapPageResult<T, R>(page: PageResult<T>, convert: (item: T) => R): PageResult<R> {
  return { ...page, list: page.list.map(convert) };
}
