import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { forwardCall } from '../forward-call.js';
import { guardTool } from '../guard-tool.js';
import { listEndpointsOutputSchema } from '../output-schemas.js';
import type { ToolContext } from '../tool-context.js';

const listEndpointsInput = {
  projectId: z.string().describe('The project whose endpoints to list, from list_projects'),
};

export function registerListEndpoints(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'list_endpoints',
    {
      title: 'List the endpoints of a project',
      description:
        'Lists the endpoints of one project: endpointId, name, method, baseUrl + path + queryParams, headers, body, ' +
        'auth and state. Secret values (Authorization, cookies, passwords) are shown as "••••". ' +
        'An unknown projectId fails with NOT_FOUND; call list_projects for valid ids.',
      inputSchema: listEndpointsInput,
      outputSchema: listEndpointsOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guardTool(() =>
        forwardCall(
          context,
          { method: 'GET', path: `/agent/endpoints/${encodeURIComponent(args.projectId)}` },
          listEndpointsOutputSchema,
          (answer) => ({ projectId: args.projectId, endpoints: answer }),
        ),
      ),
  );
}
