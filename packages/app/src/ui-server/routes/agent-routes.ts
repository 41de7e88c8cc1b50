import { type AgentSetupView, type AgentStatus, AppError, CONTROL_PLANE_PORTS, toShellWord } from '@client/core';
import {
  AGENT_TARGETS,
  agentSnippet,
  configPathOf,
  type InstallOutcome,
  installAgentConfig,
  readAgentTarget,
} from '@client/local/agent-setup';
import type { FastifyInstance } from 'fastify';
import type { UiContext } from '../ui-context.js';
import type { AgentFacts } from '../ui-server-options.js';

const EXAMPLE_IMPORT = JSON.stringify({ command: 'curl https://api.example.com/users/42' });

/** A direct-HTTP import a person can paste into a terminal; the token is read from its file, never shown. */
function curlExample(facts: AgentFacts): string {
  const address = facts.controlPlane.address ?? `http://127.0.0.1:${CONTROL_PLANE_PORTS.first}`;
  return [
    `curl -X POST ${address}/agent/curl`,
    `-H "Authorization: Bearer $(cat ${toShellWord(facts.tokenPath)})"`,
    "-H 'Content-Type: application/json'",
    `-d ${toShellWord(EXAMPLE_IMPORT)}`,
  ].join(' \\\n  ');
}

function agentSetups(facts: AgentFacts): AgentSetupView[] {
  return AGENT_TARGETS.map((target) => {
    const { language, text } = agentSnippet(target, facts.mcpCommand, facts.agentEnvironment.platform);
    return { target, language, text: text.trimEnd(), configPath: configPathOf(target, facts.agentEnvironment) };
  });
}

/** The Agent panel's facts (the in-app status command), and setting up an agent in one click. */
export function registerAgentRoutes(app: FastifyInstance, context: UiContext): void {
  app.get('/api/agent', (): AgentStatus => {
    const facts = context.options.agent();
    const { controlPlane } = facts;
    return {
      running: controlPlane.running,
      address: controlPlane.address,
      port: controlPlane.port,
      reason: controlPlane.reason,
      tokenPath: facts.tokenPath,
      dataDir: facts.dataDir,
      flavor: facts.flavor,
      version: facts.version,
      mcpConfig: agentSnippet('json', facts.mcpCommand).text.trimEnd(),
      agentSetups: agentSetups(facts),
      curlExample: curlExample(facts),
    };
  });

  app.post<{ Body: { target: string } }>(
    '/api/agent/install',
    {
      schema: {
        body: {
          type: 'object',
          required: ['target'],
          additionalProperties: false,
          properties: { target: { type: 'string', enum: AGENT_TARGETS.filter((target) => target !== 'json') } },
        },
      },
    },
    (request): InstallOutcome => {
      const target = readAgentTarget(request.body.target);
      if (target === null) throw new AppError('VALIDATION', `unknown agent ${request.body.target}`);
      const facts = context.options.agent();
      return installAgentConfig(target, facts.mcpCommand, facts.agentEnvironment);
    },
  );
}
