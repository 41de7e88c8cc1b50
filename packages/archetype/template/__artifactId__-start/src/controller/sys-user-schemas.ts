import { z } from 'zod';

import { SYS_USER_RULES, SYS_USER_SORT_COLUMNS } from '@__groupId__/__artifactId__-domain';

import { pageQuerySchema } from './page-query-schema.js';

/** `GET /sys-users/page?page.pageSize=…&page.sorts[0].column=…` */
export const sysUserPageQuerySchema = z.object({ page: pageQuerySchema(SYS_USER_SORT_COLUMNS).prefault({}) });

/** Body of `POST /sys-users` and `PUT /sys-users/:id`; the domain checks the same rules again. */
export const sysUserBodySchema = z.object({
  name: z.string().trim().min(1, 'must not be blank').max(SYS_USER_RULES.nameMaxLength),
  age: z.number().int().min(SYS_USER_RULES.ageMin).max(SYS_USER_RULES.ageMax),
});

export const sysUserIdSchema = z.object({ id: z.coerce.number().int().positive() });
