import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { SysUserAppService } from '@__groupId__/__artifactId__-application';

import { pageVoSchema } from '../vo/page-vo.js';
import { sysUserVoSchema, toSysUserPageVO, toSysUserVO } from '../vo/sys-user-vo.js';
import { sysUserBodySchema, sysUserIdSchema, sysUserPageQuerySchema } from './sys-user-schemas.js';

const TAGS = ['sys-user'];

/**
 * The user HTTP API. Validation is declared on each route, and `response[200]` names what `data` holds; the
 * handlers return plain values, which the unified response wrapper puts into `{code, data, msg}`. The same
 * schemas describe the routes in `/openapi.json`.
 */
export function sysUserController(sysUsers: SysUserAppService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/sys-users/page',
      {
        schema: {
          summary: 'A page of users',
          description: 'Sorted by the `page.sorts[i]` columns in turn, then by id.',
          tags: TAGS,
          querystring: sysUserPageQuerySchema,
          response: { 200: pageVoSchema(sysUserVoSchema) },
        },
      },
      async (request) => toSysUserPageVO(await sysUsers.page(request.query.page)),
    );

    app.post(
      '/sys-users',
      {
        schema: {
          summary: 'Create a user',
          tags: TAGS,
          body: sysUserBodySchema,
          response: {
            200: z
              .number()
              .int()
              .meta({ description: 'the new id', examples: [3] }),
          },
        },
      },
      async (request) => sysUsers.create(request.body),
    );

    app.get(
      '/sys-users/:id',
      {
        schema: { summary: 'A user', tags: TAGS, params: sysUserIdSchema, response: { 200: sysUserVoSchema } },
      },
      async (request) => toSysUserVO(await sysUsers.get(request.params.id)),
    );

    app.put(
      '/sys-users/:id',
      {
        schema: {
          summary: 'Change a user',
          tags: TAGS,
          params: sysUserIdSchema,
          body: sysUserBodySchema,
          response: { 200: z.null() },
        },
      },
      async (request) => {
        await sysUsers.update({ id: request.params.id, ...request.body });
        return null;
      },
    );

    app.delete(
      '/sys-users/:id',
      { schema: { summary: 'Delete a user', tags: TAGS, params: sysUserIdSchema, response: { 200: z.null() } } },
      async (request) => {
        await sysUsers.delete(request.params.id);
        return null;
      },
    );
  };
}
