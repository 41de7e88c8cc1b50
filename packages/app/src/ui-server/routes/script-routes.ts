import type { EndpointScripts } from '@client/core';
import type { FastifyInstance } from 'fastify';
import { idParams } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

const scriptsBody = { type: ['object', 'null'] } as const;

/** The scripts a project and each folder run around every request under them. */
export function registerScriptRoutes(app: FastifyInstance, context: UiContext): void {
  // The store checks what it keeps, field by field.
  const { store } = context;

  app.get<{ Params: { projectId: string } }>(
    '/api/projects/:projectId/scripts',
    { schema: { params: idParams('projectId') } },
    (request) => store.scripts.ofProject(request.params.projectId) ?? null,
  );

  app.put<{ Params: { projectId: string }; Body: EndpointScripts | null }>(
    '/api/projects/:projectId/scripts',
    { schema: { params: idParams('projectId'), body: scriptsBody } },
    (request) => store.scripts.setProject(request.params.projectId, request.body) ?? null,
  );

  app.get<{ Params: { folderId: string } }>(
    '/api/folders/:folderId/scripts',
    { schema: { params: idParams('folderId') } },
    (request) => store.scripts.ofFolder(request.params.folderId) ?? null,
  );

  app.put<{ Params: { folderId: string }; Body: EndpointScripts | null }>(
    '/api/folders/:folderId/scripts',
    { schema: { params: idParams('folderId'), body: scriptsBody } },
    (request) => store.scripts.setFolder(request.params.folderId, request.body) ?? null,
  );
}
