/** One page of a result; `pageIndex` is 1-based and `totalCount` counts every matching item. */
export interface PageResponse<T> {
  readonly list: readonly T[];
  readonly totalCount: number;
  readonly pageSize: number;
  readonly pageIndex: number;
}

export type SortDirectionDTO = 'ASC' | 'DESC';
