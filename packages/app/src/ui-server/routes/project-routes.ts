import { AppError, type KeyValue } from '@client/core';
import type { FastifyInstance } from 'fastify';
import { createSampleProject } from '../../collections/sample-project.js';
import { idParams, keyValuesSchema } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

interface ProjectParams {
  projectId: string;
}

function requireProject(context: UiContext, projectId: string) {
  const project = context.store.projects.get(projectId);
  if (project === undefined) throw new AppError('NOT_FOUND', `no project "${projectId}"; it may have been deleted`);
  return project;
}

/** Projects, their variables, and the sample project. */
export function registerProjectRoutes(app: FastifyInstance, context: UiContext): void {
  const { store } = context;

  app.get('/api/projects', () => store.listProjectSummaries());

  app.post<{ Body: { name: string; description?: string; baseUrl?: string } }>(
    '/api/projects',
    {
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, description: { type: 'string' }, baseUrl: { type: 'string' } },
        },
      },
    },
    (request, reply) => reply.code(201).send(store.projects.create(request.body)),
  );

  app.post('/api/projects/sample', async (_request, reply) =>
    reply.code(201).send(createSampleProject(store, await context.secrets())),
  );

  app.get<{ Params: ProjectParams }>(
    '/api/projects/:projectId',
    { schema: { params: idParams('projectId') } },
    (request) => {
      const project = requireProject(context, request.params.projectId);
      const variables: KeyValue[] = store.variables.list(project.id).map(({ projectId: _p, ...variable }) => variable);
      return { project, variables, requestSettings: store.projects.requestSettings(project.id) };
    },
  );

  app.patch<{ Params: ProjectParams; Body: { name?: string; description?: string } }>(
    '/api/projects/:projectId',
    {
      schema: {
        params: idParams('projectId'),
        body: { type: 'object', properties: { name: { type: 'string' }, description: { type: 'string' } } },
      },
    },
    (request) => store.projects.update(request.params.projectId, request.body),
  );

  app.delete<{ Params: ProjectParams }>(
    '/api/projects/:projectId',
    { schema: { params: idParams('projectId') } },
    (request, reply) => {
      store.projects.delete(request.params.projectId);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: ProjectParams }>(
    '/api/projects/:projectId/request-settings',
    { schema: { params: idParams('projectId') } },
    (request) => store.projects.requestSettings(request.params.projectId),
  );

  app.put<{ Params: ProjectParams; Body: Record<string, unknown> }>(
    '/api/projects/:projectId/request-settings',
    { schema: { params: idParams('projectId'), body: { type: 'object' } } },
    (request) => store.projects.setRequestSettings(request.params.projectId, request.body),
  );

  app.put<{ Params: ProjectParams; Body: { variables: KeyValue[] } }>(
    '/api/projects/:projectId/variables',
    {
      schema: {
        params: idParams('projectId'),
        body: { type: 'object', required: ['variables'], properties: { variables: keyValuesSchema } },
      },
    },
    (request) => {
      const { projectId } = request.params;
      const { variables } = request.body;
      const keys = variables.map((variable) => variable.key);
      const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
      if (duplicate !== undefined) {
        throw new AppError('VALIDATION', `the variable ${duplicate} is given twice; keep one of them`);
      }
      // One transaction: the project's variables become exactly the list, or stay as they were.
      store.transaction(() => {
        requireProject(context, projectId);
        for (const existing of store.variables.list(projectId)) {
          if (!keys.includes(existing.key)) store.variables.delete(projectId, existing.key);
        }
        for (const { key, value, enabled } of variables) store.variables.set(projectId, key, value, enabled);
      });
      return store.variables.list(projectId).map(({ projectId: _p, ...variable }) => variable);
    },
  );
}
