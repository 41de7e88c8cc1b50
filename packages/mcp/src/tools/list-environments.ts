import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { forwardCall } from '../forward-call.js';
import { guardTool } from '../guard-tool.js';
import { listEnvironmentsOutputSchema } from '../output-schemas.js';
import type { ToolContext } from '../tool-context.js';

export function registerListEnvironments(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'list_environments',
    {
      title: 'List the environments of a project',
      description:
        "Lists the environments of one project: environmentId, name, whether it is the project's active one, and " +
        'the names of its variables (values, and secrets above all, are never shown). Pass an environmentId to ' +
        'send_endpoint to send in that environment. An unknown projectId fails with NOT_FOUND.',
      inputSchema: { projectId: z.string().describe('The project, from list_projects') },
      outputSchema: listEnvironmentsOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guardTool(() =>
        forwardCall(
          context,
          { method: 'GET', path: `/agent/environments/${encodeURIComponent(args.projectId)}` },
          listEnvironmentsOutputSchema,
          (answer) => ({ projectId: args.projectId, environments: answer }),
        ),
      ),
  );
}
