import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { forwardCall } from '../forward-call.js';
import { guardTool } from '../guard-tool.js';
import { listProjectsOutputSchema } from '../output-schemas.js';
import type { ToolContext } from '../tool-context.js';

export function registerListProjects(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'list_projects',
    {
      title: 'List projects',
      description:
        'Lists the projects in Client: projectId, name, description, baseUrl (the base_url variable endpoints are ' +
        'sent to) and endpointCount. Use a projectId with save_curl or list_endpoints. An empty list is normal for ' +
        'a new install: save_curl then creates a project "Agent imports".',
      inputSchema: {},
      outputSchema: listProjectsOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      guardTool(() =>
        forwardCall(context, { method: 'GET', path: '/agent/projects' }, listProjectsOutputSchema, (answer) => ({
          projects: answer,
        })),
      ),
  );
}
