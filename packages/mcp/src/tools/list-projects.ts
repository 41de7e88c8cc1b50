import { forwardCall } from '../forward-call.js';
import { listProjectsOutputSchema } from '../output-schemas.js';
import { noArgumentsSchema, type ToolDefinition } from '../tool-definition.js';

export const listProjectsTool: ToolDefinition<ReturnType<typeof noArgumentsSchema>> = {
  name: 'list_projects',
  title: 'List projects',
  description:
    'Lists the projects in Client: projectId, name, description, baseUrl (the base_url variable endpoints are ' +
    'sent to) and endpointCount. Use a projectId with save_curl or list_endpoints. An empty list is normal for ' +
    'a new install: save_curl then creates a project "Agent imports".',
  input: noArgumentsSchema,
  output: listProjectsOutputSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (_args, context) =>
    forwardCall(context, { method: 'GET', path: '/agent/projects' }, listProjectsOutputSchema(), (answer) => ({
      projects: answer,
    })),
};
