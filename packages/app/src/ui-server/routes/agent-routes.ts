import { type AgentStatus, CONTROL_PLANE_PORTS, toShellWord } from '@client/core';
import { mcpConfigSnippet } from '@client/local';
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

/** The Agent panel's facts: the in-app status command. */
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
      mcpConfig: mcpConfigSnippet(facts.mcpCommand).trimEnd(),
      curlExample: curlExample(facts),
    };
  });
}
