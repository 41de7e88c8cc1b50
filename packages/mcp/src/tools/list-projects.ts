import * as z from 'zod/mini';
import { forwardCall } from '../forward-call.js';
import { once } from '../once.js';
import { listProjectsOutputSchema } from '../output-schemas.js';
import type { ToolDefinition } from '../tool-definition.js';

const listProjectsInput = once(() => z.object({}));

export const listProjectsTool: ToolDefinition<ReturnType<typeof listProjectsInput>> = {
  name: 'list_projects',
  title: 'List projects',
  description:
    'Lists the projects in Client: projectId, name, description, baseUrl (the base_url variable endpoints are ' +
    'sent to) and endpointCount. Use a projectId with save_curl or list_endpoints. An empty list is normal for ' +
    'a new install: save_curl then creates a project "Agent imports".',
  input: listProjectsInput,
  output: listProjectsOutputSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (_args, context) =>
    forwardCall(context, { method: 'GET', path: '/agent/projects' }, listProjectsOutputSchema(), (answer) => ({
      projects: answer,
    })),
};
