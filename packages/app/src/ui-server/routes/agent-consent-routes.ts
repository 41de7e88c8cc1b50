import { type AgentPermission, type AgentPrompt, CONSENT_DECISIONS, type ConsentDecision } from '@client/core';
import type { FastifyInstance } from 'fastify';
import type { AgentSends } from '../../agent-sends/agent-sends.js';
import { idParams } from '../api-schemas.js';

/** The person's side of agents' sends: the prompts waiting for an answer, and standing permissions. */
export function registerAgentConsentRoutes(app: FastifyInstance, agentSends: AgentSends): void {
  app.get('/api/agent/prompts', (): AgentPrompt[] => agentSends.prompts.list());

  app.post<{ Params: { promptId: string }; Body: { decision: ConsentDecision } }>(
    '/api/agent/prompts/:promptId',
    {
      schema: {
        params: idParams('promptId'),
        body: {
          type: 'object',
          required: ['decision'],
          additionalProperties: false,
          properties: { decision: { type: 'string', enum: [...CONSENT_DECISIONS] } },
        },
      },
    },
    (request, reply) => {
      agentSends.prompts.answer(request.params.promptId, request.body.decision);
      return reply.code(204).send();
    },
  );

  app.get('/api/agent/permissions', (): AgentPermission[] => agentSends.permissions());

  app.delete<{ Params: { permissionId: string } }>(
    '/api/agent/permissions/:permissionId',
    { schema: { params: idParams('permissionId') } },
    (request, reply) => {
      agentSends.revoke(request.params.permissionId);
      return reply.code(204).send();
    },
  );

  app.delete('/api/agent/permissions', (_request, reply) => {
    agentSends.revoke(null);
    return reply.code(204).send();
  });
}
