import * as z from 'zod/mini';
import { forwardCall } from '../forward-call.js';
import { once } from '../once.js';
import { listEnvironmentsOutputSchema } from '../output-schemas.js';
import type { ToolDefinition } from '../tool-definition.js';

const listEnvironmentsInput = once(() =>
  z.object({ projectId: z.string().check(z.describe('The project, from list_projects')) }),
);

export const listEnvironmentsTool: ToolDefinition<ReturnType<typeof listEnvironmentsInput>> = {
  name: 'list_environments',
  title: 'List the environments of a project',
  description:
    "Lists the environments of one project: environmentId, name, whether it is the project's active one, and " +
    'the names of its variables (values, and secrets above all, are never shown). Pass an environmentId to ' +
    'send_endpoint to send in that environment. An unknown projectId fails with NOT_FOUND.',
  input: listEnvironmentsInput,
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
