import { AppError, type McpCatalog, type McpSessionInfo, readMcpSettings } from '@client/core';
import type { FastifyInstance } from 'fastify';
import type { McpCall } from '../../mcp/mcp-sessions.js';
import type { McpConnectInput } from '../../mcp/mcp-target-of.js';
import { mcpTargetOf } from '../../mcp/mcp-target-of.js';
import { draftSchema, idParams } from '../api-schemas.js';
import type { UiContext } from '../ui-context.js';

interface SessionParams {
  sessionId: string;
}

const connectSchema = {
  type: 'object',
  required: ['projectId', 'endpointId', 'environmentId', 'request', 'mcp'],
  properties: {
    projectId: { type: 'string' },
    endpointId: { type: ['string', 'null'] },
    environmentId: { type: ['string', 'null'] },
    folderId: { type: ['string', 'null'] },
    request: draftSchema,
    // Checked by readMcpSettings, which names what is wrong.
    mcp: { type: 'object' },
  },
} as const;

const callSchema = {
  oneOf: [
    {
      type: 'object',
      required: ['method', 'name', 'arguments'],
      properties: { method: { const: 'tools/call' }, name: { type: 'string' }, arguments: { type: 'object' } },
    },
    {
      type: 'object',
      required: ['method', 'uri'],
      properties: { method: { const: 'resources/read' }, uri: { type: 'string', minLength: 1 } },
    },
    {
      type: 'object',
      required: ['method', 'name', 'arguments'],
      properties: {
        method: { const: 'prompts/get' },
        name: { type: 'string' },
        arguments: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  ],
} as const;

/**
 * The window's MCP sessions: connect to an MCP endpoint (a stdio server is started here, and only here: no route of
 * the agents' control plane reaches this), list what it offers, call it, read the raw exchange, disconnect.
 */
export function registerMcpRoutes(app: FastifyInstance, context: UiContext): void {
  const { store, sender, secrets, mcpSessions } = context;

  app.post<{ Body: McpConnectInput }>(
    '/api/mcp/sessions',
    { schema: { body: connectSchema } },
    async (request): Promise<{ session: McpSessionInfo; catalog: McpCatalog }> => {
      const input = { ...request.body, mcp: readMcpSettings(request.body.mcp, 'mcp') };
      const resolved = await mcpTargetOf(input, sender, store, secrets);
      const session = await mcpSessions.connect({ projectId: input.projectId, endpointId: input.endpointId }, resolved);
      try {
        return { session, catalog: await mcpSessions.catalog(session.sessionId) };
      } catch (error) {
        await mcpSessions.disconnect(session.sessionId);
        throw error;
      }
    },
  );

  app.get<{ Params: SessionParams }>(
    '/api/mcp/sessions/:sessionId/catalog',
    { schema: { params: idParams('sessionId') } },
    (request) => mcpSessions.catalog(request.params.sessionId),
  );

  app.post<{ Params: SessionParams; Body: McpCall }>(
    '/api/mcp/sessions/:sessionId/calls',
    { schema: { params: idParams('sessionId'), body: callSchema } },
    async (request) => {
      const answer = await mcpSessions.call(request.params.sessionId, request.body);
      return answer;
    },
  );

  app.get<{ Params: SessionParams; Querystring: { after?: string } }>(
    '/api/mcp/sessions/:sessionId/exchange',
    { schema: { params: idParams('sessionId') } },
    (request) => {
      const after = Number(request.query.after ?? '0');
      if (!Number.isSafeInteger(after) || after < 0) {
        throw new AppError('VALIDATION', 'after must be a whole number: the last message number the window has');
      }
      return mcpSessions.exchange(request.params.sessionId, after);
    },
  );

  app.delete<{ Params: SessionParams }>(
    '/api/mcp/sessions/:sessionId',
    { schema: { params: idParams('sessionId') } },
    async (request, reply) => {
      await mcpSessions.disconnect(request.params.sessionId);
      return reply.code(204).send();
    },
  );
}
