import type { EndpointAuth, SignInInput } from '@client/core';
import type { FastifyInstance } from 'fastify';
import { inheritedAuth } from '../../sending/effective-auth.js';
import { authSchema, idParams } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

const signInSchema = {
  type: 'object',
  required: ['projectId', 'environmentId', 'folderId', 'auth'],
  properties: {
    projectId: { type: 'string' },
    environmentId: { type: ['string', 'null'] },
    folderId: { type: ['string', 'null'] },
    auth: authSchema,
  },
} as const;

/**
 * Auth set once on a project or a folder for the endpoints that inherit it, what an endpoint inherits and from
 * where, and OAuth 2.0 sign-ins through the person's browser.
 */
export function registerAuthRoutes(app: FastifyInstance, context: UiContext): void {
  const { store, sender } = context;

  app.get<{ Params: { projectId: string } }>(
    '/api/projects/:projectId/auth',
    { schema: { params: idParams('projectId') } },
    (request) => store.auth.ofProject(request.params.projectId),
  );

  app.put<{ Params: { projectId: string }; Body: EndpointAuth }>(
    '/api/projects/:projectId/auth',
    { schema: { params: idParams('projectId'), body: authSchema } },
    (request) => store.auth.setProject(request.params.projectId, request.body),
  );

  app.get<{ Params: { folderId: string } }>(
    '/api/folders/:folderId/auth',
    { schema: { params: idParams('folderId') } },
    (request) => store.auth.ofFolder(request.params.folderId),
  );

  app.put<{ Params: { folderId: string }; Body: EndpointAuth }>(
    '/api/folders/:folderId/auth',
    { schema: { params: idParams('folderId'), body: authSchema } },
    (request) => store.auth.setFolder(request.params.folderId, request.body),
  );

  app.get<{ Params: { projectId: string }; Querystring: { folderId?: string } }>(
    '/api/projects/:projectId/inherited-auth',
    {
      schema: {
        params: idParams('projectId'),
        querystring: { type: 'object', properties: { folderId: { type: 'string' } } },
      },
    },
    // As the project's and folders' own auth routes do, for the window that sets them: Copy as cURL writes it.
    (request) => inheritedAuth(store, request.params.projectId, request.query.folderId ?? null),
  );

  app.post<{ Body: SignInInput }>('/api/oauth2/sign-ins', { schema: { body: signInSchema } }, async (request, reply) =>
    reply.code(201).send(await sender.signIns.start(request.body)),
  );

  // Answers when the sign-in ends: the browser came back and the code was exchanged, or why it failed.
  app.get<{ Params: { flowId: string } }>(
    '/api/oauth2/sign-ins/:flowId',
    { schema: { params: idParams('flowId') } },
    (request) => sender.signIns.finish(request.params.flowId),
  );

  app.post<{ Body: SignInInput }>('/api/oauth2/token-status', { schema: { body: signInSchema } }, (request) =>
    sender.signIns.status(request.body),
  );

  app.post<{ Body: SignInInput }>('/api/oauth2/forget', { schema: { body: signInSchema } }, (request) =>
    sender.signIns.forget(request.body),
  );
}
