import { forwardCall } from '../forward-call.js';
import { listEnvironmentsOutputSchema } from '../output-schemas.js';
import { projectArgumentsSchema, type ToolDefinition } from '../tool-definition.js';

export const listEnvironmentsTool: ToolDefinition<ReturnType<typeof projectArgumentsSchema>> = {
  name: 'list_environments',
  title: 'List the environments of a project',
  description:
    "Lists the environments of one project: environmentId, name, whether it is the project's active one, and " +
    'the names of its variables (values, and secrets above all, are never shown). Pass an environmentId to ' +
    'send_endpoint to send in that environment. An unknown projectId fails with NOT_FOUND.',
  input: projectArgumentsSchema,
  output: listEnvironmentsOutputSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (args, context) =>
    forwardCall(
      context,
      { method: 'GET', path: `/agent/environments/${encodeURIComponent(args.projectId)}` },
      listEnvironmentsOutputSchema(),
      (answer) => ({ projectId: args.projectId, environments: answer }),
    ),
};
