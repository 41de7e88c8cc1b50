import { z } from 'zod';

/** One page of `item`s; `pageIndex` is 1-based and `totalCount` counts every match. */
export function pageVoSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    list: z.array(item).readonly(),
    totalCount: z.number().int(),
    pageSize: z.number().int(),
    pageIndex: z.number().int(),
  });
}

export interface PageVO<T> {
  readonly list: readonly T[];
  readonly totalCount: number;
  readonly pageSize: number;
  readonly pageIndex: number;
}
