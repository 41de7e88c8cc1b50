import { AppError, type CookieView } from '@client/core';
import type { FastifyInstance } from 'fastify';
import { idParams } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

interface ProjectParams {
  projectId: string;
}

const cookieSchema = {
  type: 'object',
  required: ['name', 'value', 'domain', 'path', 'expires', 'httpOnly', 'secure', 'sameSite'],
  properties: {
    name: { type: 'string' },
    value: { type: 'string' },
    domain: { type: 'string' },
    path: { type: 'string' },
    expires: { type: ['string', 'null'] },
    httpOnly: { type: 'boolean' },
    secure: { type: 'boolean' },
    sameSite: { enum: ['strict', 'lax', null] },
  },
} as const;

/** A project's cookie jar: list it, add or change a cookie, delete one or all. */
export function registerCookieRoutes(app: FastifyInstance, context: UiContext): void {
  const { store, sender } = context;
  const jarOf = async (projectId: string) => {
    if (store.projects.get(projectId) === undefined) {
      throw new AppError('NOT_FOUND', `no project "${projectId}"; it may have been deleted`);
    }
    return sender.cookieJar(projectId);
  };

  app.get<{ Params: ProjectParams }>(
    '/api/projects/:projectId/cookies',
    { schema: { params: idParams('projectId') } },
    async (request) => (await jarOf(request.params.projectId)).list(),
  );

  app.put<{ Params: ProjectParams; Body: CookieView }>(
    '/api/projects/:projectId/cookies',
    { schema: { params: idParams('projectId'), body: cookieSchema } },
    async (request) => (await jarOf(request.params.projectId)).put(request.body),
  );

  app.delete<{ Params: ProjectParams; Querystring: { domain?: string; path?: string; name?: string } }>(
    '/api/projects/:projectId/cookies',
    { schema: { params: idParams('projectId') } },
    async (request) => {
      const { domain, path, name } = request.query;
      const jar = await jarOf(request.params.projectId);
      if (domain === undefined && path === undefined && name === undefined) return jar.remove();
      if (domain === undefined || path === undefined || name === undefined) {
        throw new AppError(
          'VALIDATION',
          'name a cookie by domain, path and name, or give none of them to clear the jar',
        );
      }
      return jar.remove({ domain, path, name });
    },
  );
}
