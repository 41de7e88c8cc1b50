import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { SysUserAppService } from '@__groupId__/__artifactId__-application';

import { sysUserIdSchema } from '../../controller/sys-user-schemas.js';

/**
 * `POST /sys-users/:id/birthday`: one year older, answered with the new age. The sample of a locked route: a
 * read-modify-write that loses increments when two requests for the same user interleave, made safe across
 * every instance by the lock on `sys-user:{params.id}`. Requests for different users do not wait for each other.
 */
export function sysUserBirthdayRoute(users: SysUserAppService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/sys-users/:id/birthday',
      {
        schema: {
          summary: 'One year older (the locked sample route)',
          description: 'Answers the new age. Requests for one user wait for each other (423 when the wait runs out).',
          tags: ['sys-user'],
          params: sysUserIdSchema,
          response: {
            200: z
              .number()
              .int()
              .meta({ description: 'the new age', examples: [21] }),
          },
        },
        config: { distributedLock: { key: 'sys-user:{params.id}' } },
      },
      async (request) => {
        const user = await users.get(request.params.id);
        await users.update({ id: user.id, name: user.name, age: user.age + 1 });
        return user.age + 1;
      },
    );
  };
}
