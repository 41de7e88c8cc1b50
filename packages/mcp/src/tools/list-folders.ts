import { forwardCall } from '../forward-call.js';
import { listFoldersOutputSchema } from '../output-schemas.js';
import { projectArgumentsSchema, type ToolDefinition } from '../tool-definition.js';

export const listFoldersTool: ToolDefinition<ReturnType<typeof projectArgumentsSchema>> = {
  name: 'list_folders',
  title: 'List the folders of a project',
  description:
    'Lists the folders of one project (folderId, name, parentId; parentId null is the project root), so an ' +
    'endpoint can be saved into one (save_curl folderId) or endpoints listed by folder (list_endpoints folderId). ' +
    'An unknown projectId fails with NOT_FOUND; call list_projects for valid ids.',
  input: projectArgumentsSchema,
  output: listFoldersOutputSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (args, context) =>
    forwardCall(
      context,
      { method: 'GET', path: `/agent/folders/${encodeURIComponent(args.projectId)}` },
      listFoldersOutputSchema(),
      (answer) => ({ projectId: args.projectId, folders: answer }),
    ),
};
