import { WEBSOCKET_MESSAGE_FORMATS, type WebSocketConnectInput, type WebSocketOutgoing } from '@client/core';
import type { FastifyInstance } from 'fastify';
import { draftSchema, idParams } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

/** Messages sent in one call: a burst the window sends (saved messages, a repeat) in one request. */
const MAX_MESSAGES_PER_SEND = 10_000;

const sessionParams = idParams('sessionId');

/** WebSocket connections the app holds for the window: connect, send, read back, close. */
export function registerWebSocketRoutes(app: FastifyInstance, context: UiContext): void {
  const { websockets } = context;

  app.post<{ Body: WebSocketConnectInput }>(
    '/api/websocket/connect',
    {
      schema: {
        body: {
          type: 'object',
          required: ['projectId', 'endpointId', 'environmentId', 'request'],
          properties: {
            projectId: { type: 'string' },
            endpointId: { type: ['string', 'null'] },
            environmentId: { type: ['string', 'null'] },
            folderId: { type: ['string', 'null'] },
            request: draftSchema,
          },
        },
      },
    },
    (request) => websockets.connect(request.body),
  );

  app.post<{ Params: { sessionId: string }; Body: { messages: WebSocketOutgoing[] } }>(
    '/api/websocket/:sessionId/send',
    {
      schema: {
        params: sessionParams,
        body: {
          type: 'object',
          required: ['messages'],
          properties: {
            messages: {
              type: 'array',
              minItems: 1,
              maxItems: MAX_MESSAGES_PER_SEND,
              items: {
                type: 'object',
                required: ['format', 'data'],
                properties: { format: { enum: [...WEBSOCKET_MESSAGE_FORMATS] }, data: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    (request) => ({ messages: websockets.send(request.params.sessionId, request.body.messages) }),
  );

  app.get<{ Params: { sessionId: string }; Querystring: { after?: number } }>(
    '/api/websocket/:sessionId',
    {
      schema: {
        params: sessionParams,
        querystring: { type: 'object', properties: { after: { type: 'integer', minimum: 0 } } },
      },
    },
    (request) => websockets.view(request.params.sessionId, request.query.after ?? 0),
  );

  app.post<{ Params: { sessionId: string } }>(
    '/api/websocket/:sessionId/close',
    { schema: { params: sessionParams } },
    (request) => websockets.close(request.params.sessionId),
  );
}
