import { type LoadOptions, readRunOptions } from '@client/core';
import type { FastifyInstance } from 'fastify';
import { idParams } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

interface LoadBody {
  projectId: string;
  folderId?: string | null;
  environmentId?: string | null;
  order?: string[];
  connections: number;
  durationMs: number;
}

/** The runner view's load mode: a project's or a folder's requests over N connections for a duration. */
export function registerLoadRoutes(app: FastifyInstance, context: UiContext): void {
  app.post<{ Body: LoadBody }>(
    '/api/loads',
    {
      schema: {
        body: {
          type: 'object',
          required: ['projectId', 'connections', 'durationMs'],
          properties: { connections: { type: 'number' }, durationMs: { type: 'number' } },
        },
      },
    },
    async (request, reply) => {
      const { connections, durationMs, ...run } = request.body;
      const { projectId, folderId, environmentId, order } = readRunOptions(run);
      const load: LoadOptions = { connections, durationMs };
      const started = await context.loads.start(
        {
          projectId,
          ...(folderId === undefined ? {} : { folderId }),
          ...(environmentId === undefined ? {} : { environmentId }),
          ...(order === undefined ? {} : { order }),
        },
        load,
      );
      return reply.code(201).send(started);
    },
  );

  app.post<{ Params: { loadId: string } }>(
    '/api/loads/:loadId/cancel',
    { schema: { params: idParams('loadId') } },
    (request, reply) => {
      context.loads.cancel(request.params.loadId);
      return reply.code(204).send();
    },
  );
}
