import { SYS_USER_AGE_MAX, SYS_USER_AGE_MIN, SYS_USER_NAME_MAX_LENGTH, SYS_USER_SORT_COLUMNS } from '@__groupId__/__artifactId__-domain';
import { z } from 'zod';
import { pageQuerySchema } from './page-query-schema.js';

/** `GET /sys-users/page?page.pageSize=…&page.sorts[0].column=…` */
export const sysUserPageQuerySchema = z.object({ page: pageQuerySchema(SYS_USER_SORT_COLUMNS).prefault({}) });

/** Body of `POST /sys-users` and `PUT /sys-users/:id`; the domain checks the same rules again. */
export const sysUserBodySchema = z.object({
  name: z.string().trim().min(1, 'must not be blank').max(SYS_USER_NAME_MAX_LENGTH),
  age: z.number().int().min(SYS_USER_AGE_MIN).max(SYS_USER_AGE_MAX),
});

export const sysUserIdSchema = z.object({ id: z.coerce.number().int().positive() });
