import { discoverControlPlane, resolveInstallLocation } from '@client/local';
import type * as z from 'zod/mini';
import { discoveryProblem } from '../forward-call.js';
import { agentInfoOutputSchema } from '../output-schemas.js';
import type { ToolContext } from '../tool-context.js';
import { noArgumentsSchema, type ToolDefinition } from '../tool-definition.js';
import { successResult } from '../tool-result.js';

export type AgentInfoOutput = z.infer<ReturnType<typeof agentInfoOutputSchema>>;

function reason(problem: { code: string | null; message: string }): string {
  return problem.code === null ? problem.message : `${problem.code}: ${problem.message}`;
}

/** Where the control plane is, or why there is none; works with the app stopped. */
export async function agentInfo(context: ToolContext): Promise<AgentInfoOutput> {
  const location = resolveInstallLocation(context.env);
  const discovery = await discoverControlPlane({ ...context, location });
  const running = discovery.status === 'running';
  return {
    running,
    address: running ? discovery.address : null,
    tokenPath: location.tokenPath,
    dataDir: location.dataDir,
    flavor: location.flavor,
    ports: [...context.ports],
    appVersion: running ? discovery.appVersion : null,
    reason: running ? null : reason(discoveryProblem(location, discovery, context.ports)),
  };
}

export const agentInfoTool: ToolDefinition<ReturnType<typeof noArgumentsSchema>> = {
  name: 'agent_info',
  title: 'Control plane address and token path',
  description:
    "Reports whether Client's agent control plane is running, its address (http://127.0.0.1:<port>), the path " +
    'of the agent-token file, the data dir and flavor (release or dev) client-mcp looks at, and the ports it ' +
    'scans. Works with the app stopped; when running is false, reason says what to do. Call it when another ' +
    'tool fails, or to call the control plane over HTTP directly (send the token file content as ' +
    '`Authorization: Bearer <token>`).',
  input: noArgumentsSchema,
  output: agentInfoOutputSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (_args, context) => successResult(await agentInfo(context)),
};
