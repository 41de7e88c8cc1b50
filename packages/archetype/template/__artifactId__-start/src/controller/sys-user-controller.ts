import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { SysUserAppService } from '@__groupId__/__artifactId__-application';

import { toSysUserPageVO, toSysUserVO } from '../vo/sys-user-vo.js';
import { sysUserBodySchema, sysUserIdSchema, sysUserPageQuerySchema } from './sys-user-schemas.js';

/**
 * The user HTTP API. Validation is declared on each route; the handlers return plain values, which the
 * unified response wrapper puts into `{code, data, msg}`.
 */
export function sysUserController(users: SysUserAppService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/sys-users/page', { schema: { querystring: sysUserPageQuerySchema } }, async (request) =>
      toSysUserPageVO(await users.page(request.query.page)),
    );

    app.post('/sys-users', { schema: { body: sysUserBodySchema } }, async (request) => users.create(request.body));

    app.get('/sys-users/:id', { schema: { params: sysUserIdSchema } }, async (request) =>
      toSysUserVO(await users.get(request.params.id)),
    );

    app.put('/sys-users/:id', { schema: { params: sysUserIdSchema, body: sysUserBodySchema } }, async (request) => {
      await users.update({ id: request.params.id, ...request.body });
      return null;
    });

    app.delete('/sys-users/:id', { schema: { params: sysUserIdSchema } }, async (request) => {
      await users.delete(request.params.id);
      return null;
    });
  };
}
