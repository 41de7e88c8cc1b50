import {
  PAGE_INDEX_DEFAULT,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  SORT_DIRECTION_DEFAULT,
  SORT_DIRECTIONS,
  SORTS_MAX,
} from '@__groupId__/__artifactId__-common';
import { z } from 'zod';

/**
 * The `page.*` query parameters for an entity whose sortable columns are `columns`. A column outside that
 * whitelist is a 400, so user input never becomes SQL; a page size above the maximum is capped.
 */
export function pageQuerySchema<const Column extends string>(columns: readonly [Column, ...Column[]]) {
  const sort = z.object({
    column: z.enum(columns, { error: `must be one of: ${columns.join(', ')}` }),
    direction: z.enum(SORT_DIRECTIONS, { error: 'must be ASC or DESC' }).default(SORT_DIRECTION_DEFAULT),
  });
  return z.object({
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .default(PAGE_SIZE_DEFAULT)
      .transform((size) => Math.min(size, PAGE_SIZE_MAX)),
    pageIndex: z.coerce.number().int().min(1).default(PAGE_INDEX_DEFAULT),
    sorts: z.array(sort).max(SORTS_MAX).default([]),
  });
}
