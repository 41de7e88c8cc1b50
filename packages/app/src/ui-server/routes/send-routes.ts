import { AppError, type HistoryDetail, type HistoryEntry, type HistoryItem, type SendInput } from '@client/core';
import type { FastifyInstance } from 'fastify';
import { historyStream } from '../../sending/history-stream.js';
import { idParams, sendTargetRequired, sendTargetSchema } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

function historyItem(entry: HistoryEntry): HistoryItem {
  const { id, endpointId, method, url, status, error, durationMs, responseSize, sentAt } = entry;
  return {
    id,
    endpointId,
    method,
    url,
    status,
    error,
    durationMs,
    responseSize,
    sentBy: entry.sentBy ?? 'person',
    sentAt,
  };
}

/** Sending a request, cancelling it, and the history of what was sent. */
export function registerSendRoutes(app: FastifyInstance, context: UiContext): void {
  const { store, sender, checkedSends, responseBodies } = context;

  app.post<{ Body: SendInput }>(
    '/api/send',
    {
      schema: {
        body: {
          type: 'object',
          required: sendTargetRequired,
          properties: {
            ...sendTargetSchema,
            confirmUpload: {
              type: 'object',
              required: ['files', 'origin'],
              properties: { files: { type: 'array', items: { type: 'string' } }, origin: { type: 'string' } },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const sent = await checkedSends.send(request.body);
      reply.send(responseBodies.present(sent.outcome, sent.bytes ?? null));
      sent.keepInHistory();
      return reply;
    },
  );

  app.post<{ Body: { checksId: string; keep: { layer: string; name: string }[] } }>(
    '/api/send/variables',
    {
      schema: {
        body: {
          type: 'object',
          required: ['checksId', 'keep'],
          properties: {
            checksId: { type: 'string' },
            keep: {
              type: 'array',
              items: {
                type: 'object',
                required: ['layer', 'name'],
                properties: { layer: { type: 'string' }, name: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      await checkedSends.keepVariables(request.body.checksId, request.body.keep);
      return reply.code(204).send();
    },
  );

  // A response's body exactly as it arrived, for the window to show, copy or save; never rendered here.
  app.get<{ Params: { bodyId: string } }>(
    '/api/responses/:bodyId',
    { schema: { params: idParams('bodyId') } },
    (request, reply) => {
      const body = responseBodies.open(request.params.bodyId);
      if (body === undefined) {
        throw new AppError('NOT_FOUND', 'this response body is no longer kept; send the request again');
      }
      return reply
        .type(body.contentType ?? 'application/octet-stream')
        .header('Content-Length', body.size)
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
        .header('X-Content-Type-Options', 'nosniff')
        .send(body.stream);
    },
  );

  app.post<{ Params: { requestId: string } }>(
    '/api/send/:requestId/cancel',
    { schema: { params: idParams('requestId') } },
    (request) => ({ cancelled: sender.cancel(request.params.requestId) }),
  );

  app.get<{ Params: { projectId: string } }>(
    '/api/projects/:projectId/history',
    { schema: { params: idParams('projectId') } },
    (request) => {
      const { projectId } = request.params;
      if (store.projects.get(projectId) === undefined) {
        throw new AppError('NOT_FOUND', `no project "${projectId}"; it may have been deleted`);
      }
      sender.flushHistory();
      return store.history.list({ projectId }).map(historyItem);
    },
  );

  app.get<{ Params: { historyId: string } }>(
    '/api/history/:historyId',
    { schema: { params: idParams('historyId') } },
    (request): HistoryDetail => {
      sender.flushHistory();
      const entry = store.history.get(request.params.historyId);
      if (entry === undefined) {
        throw new AppError(
          'NOT_FOUND',
          `no history entry "${request.params.historyId}"; the history may have been cleared`,
        );
      }
      const stream = historyStream(entry.responseHeaders, entry.responseBody);
      return {
        ...historyItem(entry),
        ...(stream === undefined ? {} : { stream }),
        requestHeaders: entry.requestHeaders,
        requestBody: entry.requestBody,
        responseHeaders: entry.responseHeaders,
        responseBody: entry.responseBody,
        responseTruncated:
          entry.responseCut ??
          (entry.responseBody !== null && Buffer.byteLength(entry.responseBody, 'utf8') < entry.responseSize),
      };
    },
  );

  app.delete<{ Params: { projectId: string } }>(
    '/api/projects/:projectId/history',
    { schema: { params: idParams('projectId') } },
    (request, reply) => {
      sender.flushHistory();
      store.history.clear(request.params.projectId);
      return reply.code(204).send();
    },
  );
}
