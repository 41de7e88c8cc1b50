import { z } from 'zod';

import { hasControlCharacter } from '@__groupId__/__artifactId__-common';
import { SYS_USER_RULES, SYS_USER_SORT_COLUMNS } from '@__groupId__/__artifactId__-domain';

import { idParamSchema } from './id-param-schema.js';
import { nestedQuerySchema, pageQuerySchema } from './page-query-schema.js';

/** `GET /sys-users/page?page.pageSize=…&page.sorts[0].column=…` */
export const sysUserPageQuerySchema = nestedQuerySchema({ page: pageQuerySchema(SYS_USER_SORT_COLUMNS).prefault({}) });

/**
 * Body of `POST /sys-users` and `PUT /sys-users/:id`; the domain checks the same rules again. Lengths count
 * characters (code points), as the domain and the databases do: 64 emoji are a valid name.
 */
export const sysUserBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'must not be blank')
      .max(SYS_USER_RULES.nameMaxLength)
      .refine((name) => !hasControlCharacter(name), 'must not contain control characters'),
    age: z.number().int().min(SYS_USER_RULES.ageMin).max(SYS_USER_RULES.ageMax),
  })
  .meta({ examples: [{ name: 'carol', age: 41 }] });

/** `:id` of `/sys-users/:id`. */
export const sysUserIdSchema = z.object({ id: idParamSchema });
