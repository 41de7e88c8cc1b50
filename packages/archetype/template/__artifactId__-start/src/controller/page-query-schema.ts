import { z } from 'zod';

import { PAGE_DEFAULTS, SORT_DIRECTIONS } from '@__groupId__/__artifactId__-common';

import { MAX_QUERY_INDEX } from '../web/nested-query.js';

/**
 * The `page.*` query parameters for an entity whose sortable columns are `columns`. A column outside that
 * whitelist is a 400, so user input never becomes SQL; a page size outside 1 to the maximum is a 400 too, saying
 * the range, rather than being changed into one the client did not ask for.
 */
export function pageQuerySchema<const Column extends string>(columns: readonly [Column, ...Column[]]) {
  const sort = z.object({
    column: z.enum(columns, { error: `must be one of: ${columns.join(', ')}` }).meta({ examples: [columns[0]] }),
    direction: z.enum(SORT_DIRECTIONS, { error: 'must be ASC or DESC' }).default(PAGE_DEFAULTS.sortDirection),
  });
  const pageSizeRange = `must be an integer from 1 to ${PAGE_DEFAULTS.pageSizeMax}`;
  return z.object({
    pageSize: z.coerce
      .number({ error: pageSizeRange })
      .int({ error: pageSizeRange })
      .min(1, { error: pageSizeRange })
      .max(PAGE_DEFAULTS.pageSizeMax, { error: pageSizeRange })
      .default(PAGE_DEFAULTS.pageSize),
    pageIndex: z.coerce.number().int().min(1).default(PAGE_DEFAULTS.pageIndex),
    sorts: z.array(sort).max(PAGE_DEFAULTS.sortsMax).default([]),
  });
}

/**
 * A query string schema whose top-level parameters are `shape`. A parameter of one of them that the nested
 * query parser could not place (`page.sorts[16].column`: indexes go from 0 to 15) is refused with a 400 naming
 * it, rather than ignored; parameters the route does not know at all are ignored.
 */
export function nestedQuerySchema<const Shape extends z.ZodRawShape>(shape: Shape) {
  const roots = new Set(Object.keys(shape));
  return z.looseObject(shape).superRefine((query, context) => {
    for (const key of Object.keys(query)) {
      const root = /^[^.[]+/.exec(key)?.[0];
      if (roots.has(key) || root === undefined || !roots.has(root)) continue;
      context.addIssue({
        code: 'custom',
        path: [key],
        message: `is not a parameter of this route (list indexes go from 0 to ${MAX_QUERY_INDEX})`,
      });
    }
  });
}
