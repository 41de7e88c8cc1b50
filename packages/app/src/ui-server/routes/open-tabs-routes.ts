import { AppError } from '@client/core';
import type { FastifyInstance } from 'fastify';
import { idParams } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

/** What the UI keeps of its open tabs: which endpoints, in order, with the draft of each one edited. */
interface OpenTabsState {
  activeId: string | null;
  tabs: { endpointId: string; draft: Record<string, unknown> | null }[];
}

const EMPTY: OpenTabsState = { activeId: null, tabs: [] };

const stateSchema = {
  type: 'object',
  required: ['activeId', 'tabs'],
  additionalProperties: false,
  properties: {
    activeId: { type: ['string', 'null'], maxLength: 100 },
    tabs: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        required: ['endpointId', 'draft'],
        additionalProperties: false,
        properties: { endpointId: { type: 'string', maxLength: 100 }, draft: { type: ['object', 'null'] } },
      },
    },
  },
} as const;

/** The open tabs of a project, kept by the app so that the next window (after a reload or restart) reopens them. */
export function registerOpenTabsRoutes(app: FastifyInstance, context: UiContext): void {
  const { store } = context;
  const requireProject = (projectId: string) => {
    if (store.projects.get(projectId) === undefined) {
      throw new AppError('NOT_FOUND', `no project "${projectId}"; it may have been deleted`);
    }
  };

  app.get<{ Params: { projectId: string } }>(
    '/api/projects/:projectId/open-tabs',
    { schema: { params: idParams('projectId') } },
    (request): OpenTabsState => {
      requireProject(request.params.projectId);
      const saved = store.openTabs.get(request.params.projectId);
      return saved === undefined ? EMPTY : (JSON.parse(saved) as OpenTabsState);
    },
  );

  app.put<{ Params: { projectId: string }; Body: OpenTabsState }>(
    '/api/projects/:projectId/open-tabs',
    { schema: { params: idParams('projectId'), body: stateSchema } },
    (request, reply) => {
      requireProject(request.params.projectId);
      store.openTabs.set(request.params.projectId, JSON.stringify(request.body));
      return reply.code(204).send();
    },
  );
}
