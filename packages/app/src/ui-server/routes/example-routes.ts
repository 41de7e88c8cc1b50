import { AppError, readExamples } from '@client/core';
import type { FastifyInstance } from 'fastify';
import { idParams } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

/**
 * "Save as example": a response (from the editor or History) kept as a new example of its endpoint, added to the
 * stored ones whatever the editor holds unsaved, so nothing else of the endpoint is saved with it.
 */
export function registerExampleRoutes(app: FastifyInstance, context: UiContext): void {
  const { store } = context;
  app.post<{ Params: { endpointId: string }; Body: { example: unknown } }>(
    '/api/endpoints/:endpointId/examples',
    {
      schema: {
        params: idParams('endpointId'),
        body: { type: 'object', required: ['example'], properties: { example: { type: 'object' } } },
      },
    },
    (request, reply) => {
      const { endpointId } = request.params;
      const saved = store.transaction(() => {
        const endpoint = store.endpoints.get(endpointId);
        if (endpoint === undefined) {
          throw new AppError('NOT_FOUND', `no endpoint "${endpointId}"; it may have been deleted`);
        }
        // Read as the whole list is, so a name the endpoint already has is refused with the message that says so.
        const examples = readExamples([...(endpoint.examples ?? []), request.body.example], 'examples');
        return store.endpoints.update(endpointId, { examples });
      });
      return reply.code(201).send(saved);
    },
  );
}
