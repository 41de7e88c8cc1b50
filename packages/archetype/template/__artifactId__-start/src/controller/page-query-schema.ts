import { z } from 'zod';

import { PAGE_DEFAULTS, SORT_DIRECTIONS } from '@__groupId__/__artifactId__-common';

/**
 * The `page.*` query parameters for an entity whose sortable columns are `columns`. A column outside that
 * whitelist is a 400, so user input never becomes SQL; a page size above the maximum is capped.
 */
export function pageQuerySchema<const Column extends string>(columns: readonly [Column, ...Column[]]) {
  const sort = z.object({
    column: z.enum(columns, { error: `must be one of: ${columns.join(', ')}` }),
    direction: z.enum(SORT_DIRECTIONS, { error: 'must be ASC or DESC' }).default(PAGE_DEFAULTS.sortDirection),
  });
  return z.object({
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .default(PAGE_DEFAULTS.pageSize)
      .transform((size) => Math.min(size, PAGE_DEFAULTS.pageSizeMax)),
    pageIndex: z.coerce.number().int().min(1).default(PAGE_DEFAULTS.pageIndex),
    sorts: z.array(sort).max(PAGE_DEFAULTS.sortsMax).default([]),
  });
}
