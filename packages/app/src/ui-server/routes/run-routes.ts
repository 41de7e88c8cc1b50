import { AppError, type RunOptions, readRunOptions } from '@client/core';
import { junitReport, newmanJsonReport, readDataFile } from '@client/runner';
import type { FastifyInstance } from 'fastify';
import { idParams } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

/** A data file picked in the window, sent as its name and text. */
interface DataFile {
  name: string;
  text: string;
}

const REPORTS = {
  json: { type: 'application/json; charset=utf-8', extension: 'json' },
  junit: { type: 'application/xml; charset=utf-8', extension: 'xml' },
} as const;

/** The runner view: start a run of a project or a folder, follow it, cancel it, list and reopen kept runs. */
export function registerRunRoutes(app: FastifyInstance, context: UiContext): void {
  const { runs } = context;

  app.post<{ Body: Record<string, unknown> & { dataFile?: DataFile } }>(
    '/api/runs',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            dataFile: {
              type: 'object',
              required: ['name', 'text'],
              properties: { name: { type: 'string' }, text: { type: 'string' } },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { dataFile, ...fields } = request.body;
      const data = dataFile === undefined ? {} : { data: readDataFile(dataFile.text, dataFile.name) };
      const options: RunOptions = readRunOptions({ ...fields, ...data });
      return reply.code(201).send(await runs.start(options, 'person'));
    },
  );

  app.get<{ Params: { projectId: string } }>(
    '/api/projects/:projectId/runs',
    { schema: { params: idParams('projectId') } },
    (request) => {
      if (context.store.projects.get(request.params.projectId) === undefined) {
        throw new AppError('NOT_FOUND', `no project "${request.params.projectId}"; it may have been deleted`);
      }
      return runs.list(request.params.projectId);
    },
  );

  app.get<{ Params: { runId: string } }>('/api/runs/:runId', { schema: { params: idParams('runId') } }, (request) =>
    runs.get(request.params.runId),
  );

  app.post<{ Params: { runId: string } }>(
    '/api/runs/:runId/cancel',
    { schema: { params: idParams('runId') } },
    async (request, reply) => {
      await runs.cancel(request.params.runId);
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { runId: string } }>(
    '/api/runs/:runId',
    { schema: { params: idParams('runId') } },
    (request, reply) => {
      runs.delete(request.params.runId);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { runId: string }; Querystring: { format?: string } }>(
    '/api/runs/:runId/report',
    {
      schema: {
        params: idParams('runId'),
        querystring: { type: 'object', properties: { format: { enum: ['json', 'junit'] } } },
      },
    },
    (request, reply) => {
      const format = request.query.format === 'junit' ? 'junit' : 'json';
      const { summary, result } = runs.get(request.params.runId);
      const environment =
        summary.environmentId === null ? undefined : context.store.environments.get(summary.environmentId);
      const source = {
        collection: { id: summary.projectId ?? summary.id, name: summary.name },
        environment: environment === undefined ? null : { id: environment.id, name: environment.name },
        result,
      };
      const body = format === 'junit' ? junitReport(source) : JSON.stringify(newmanJsonReport(source), null, 2);
      const file = `run-${summary.startedAt.replace(/[:.]/g, '-')}.${REPORTS[format].extension}`;
      return reply
        .type(REPORTS[format].type)
        .header('Content-Disposition', `attachment; filename="${file}"`)
        .send(body);
    },
  );
}
