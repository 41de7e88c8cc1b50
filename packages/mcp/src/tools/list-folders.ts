import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { forwardCall } from '../forward-call.js';
import { guardTool } from '../guard-tool.js';
import { listFoldersOutputSchema } from '../output-schemas.js';
import type { ToolContext } from '../tool-context.js';

export function registerListFolders(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'list_folders',
    {
      title: 'List the folders of a project',
      description:
        'Lists the folders of one project (folderId, name, parentId; parentId null is the project root), so an ' +
        'endpoint can be saved into one (save_curl folderId) or endpoints listed by folder (list_endpoints folderId). ' +
        'An unknown projectId fails with NOT_FOUND; call list_projects for valid ids.',
      inputSchema: { projectId: z.string().describe('The project, from list_projects') },
      outputSchema: listFoldersOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guardTool(() =>
        forwardCall(
          context,
          { method: 'GET', path: `/agent/folders/${encodeURIComponent(args.projectId)}` },
          listFoldersOutputSchema,
          (answer) => ({ projectId: args.projectId, folders: answer }),
        ),
      ),
  );
}
