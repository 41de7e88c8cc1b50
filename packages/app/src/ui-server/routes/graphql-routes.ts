import type { GraphqlSchemaAnswer, GraphqlSchemaRequest } from '@client/core';
import type { FastifyInstance } from 'fastify';
import { GraphqlSchemas } from '../../graphql/graphql-schemas.js';
import { sendTargetRequired, sendTargetSchema } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

/** The schema of a GraphQL endpoint, by introspection, for the editor's completion, lint and explorer. */
export function registerGraphqlRoutes(app: FastifyInstance, context: UiContext): void {
  const schemas = new GraphqlSchemas(context.sender, context.store);
  app.post<{ Body: GraphqlSchemaRequest }>(
    '/api/graphql/schema',
    {
      schema: {
        body: {
          type: 'object',
          required: ['send', 'refresh'],
          properties: {
            refresh: { type: 'boolean' },
            send: { type: 'object', required: sendTargetRequired, properties: sendTargetSchema },
          },
        },
      },
    },
    (request): Promise<GraphqlSchemaAnswer> => schemas.schema(request.body.send, request.body.refresh),
  );
}
