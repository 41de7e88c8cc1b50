import { AppError, MAX_EXAMPLE_DELAY_MS, type MockStartOptions } from '@client/core';
import type { FastifyInstance } from 'fastify';
import { idParams } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

type MockStartBody = Omit<MockStartOptions, 'startedBy'>;

const milliseconds = { type: 'integer', minimum: 0, maximum: MAX_EXAMPLE_DELAY_MS } as const;

/** What the window's Mock view sends to start a mock; the mock control checks the project, folder and port. */
const mockStartSchema = {
  type: 'object',
  required: ['projectId'],
  additionalProperties: false,
  properties: {
    projectId: { type: 'string', minLength: 1 },
    folderId: { type: ['string', 'null'] },
    port: { type: 'integer', minimum: 1, maximum: 65_535 },
    validate: { type: 'boolean' },
    delay: {
      type: 'object',
      required: ['minMs', 'maxMs'],
      additionalProperties: false,
      properties: { minMs: milliseconds, maxMs: milliseconds },
    },
    corsOrigins: {
      oneOf: [
        { const: '*' },
        { type: 'array', maxItems: 50, items: { type: 'string', pattern: '^https?://[^\\s/]+$' } },
      ],
    },
  },
} as const;

/** Refuses a delay whose longest time is shorter than its shortest, which JSON schema cannot say. */
function checkedStart(body: MockStartBody): MockStartOptions {
  if (body.delay !== undefined && body.delay.maxMs < body.delay.minMs) {
    throw new AppError(
      'VALIDATION',
      `delay.maxMs (${body.delay.maxMs}) must not be less than minMs (${body.delay.minMs})`,
    );
  }
  return { ...body, startedBy: 'person' };
}

/** The window's Mock view: start a mock of a project or folder, list and stop running ones, read a mock's log. */
export function registerMockRoutes(app: FastifyInstance, context: UiContext): void {
  const { mocks } = context.options;

  app.get('/api/mocks', () => mocks.list());

  app.post<{ Body: MockStartBody }>('/api/mocks', { schema: { body: mockStartSchema } }, async (request, reply) =>
    reply.code(201).send(await mocks.start(checkedStart(request.body))),
  );

  app.delete<{ Params: { mockId: string } }>(
    '/api/mocks/:mockId',
    { schema: { params: idParams('mockId') } },
    (request) => mocks.stop(request.params.mockId),
  );

  app.get<{ Params: { mockId: string } }>(
    '/api/mocks/:mockId/log',
    { schema: { params: idParams('mockId') } },
    (request) => mocks.log(request.params.mockId),
  );
}
