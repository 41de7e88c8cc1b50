import * as z from 'zod/mini';
import { forwardCall } from '../forward-call.js';
import { once } from '../once.js';
import { listMocksOutputSchema, mockInfoSchema } from '../output-schemas.js';
import { noArgumentsSchema, type ToolDefinition } from '../tool-definition.js';

const startMockInput = once(() =>
  z.object({
    projectId: z.string().check(z.describe('The project to mock, from list_projects')),
    folderId: z
      .nullish(z.string())
      .check(z.describe('Mock only the endpoints at or below this folder (list_folders); default: the whole project')),
  }),
);

const mockIdInput = once(() => z.object({ id: z.string().check(z.describe('The id start_mock or list_mocks gave')) }));

export const startMockTool: ToolDefinition<ReturnType<typeof startMockInput>> = {
  name: 'start_mock',
  title: 'Start a mock server of a project',
  description:
    'Starts a mock server of a project (or of one folder) in the Client app, on the first free port from 4010 on ' +
    '127.0.0.1, and returns its url, port and id. It answers the project’s endpoints by method and path from ' +
    'their saved examples, else from their API description’s examples or schemas, as Prism does: the request ' +
    'header "Prefer: code=404" picks a status, "Prefer: example=<name>" an example, "Prefer: dynamic=true" ' +
    'random values; an unknown path is 404, a method not defined is 405, and a request that breaks the API ' +
    'description is 422 listing each problem. Use it to build or test a front end before the API exists. It ' +
    'sends nothing anywhere, so no consent is asked; the person sees it in the app as started by an agent. Stop ' +
    'it with stop_mock when done. NOT_FOUND for an unknown project or folder.',
  input: startMockInput,
  output: mockInfoSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: (args, context) =>
    forwardCall(
      context,
      { method: 'POST', path: '/agent/mocks', body: { projectId: args.projectId, folderId: args.folderId ?? null } },
      mockInfoSchema(),
      (answer) => answer,
    ),
};

export const listMocksTool: ToolDefinition<ReturnType<typeof noArgumentsSchema>> = {
  name: 'list_mocks',
  title: 'List the running mock servers',
  description:
    'Lists the mock servers running in the Client app, the person’s and agents’: id, projectId, projectName, ' +
    'folderId, url, port, startedBy ("person" or "agent") and startedAt. An empty list means none runs; ' +
    'start_mock starts one.',
  input: noArgumentsSchema,
  output: listMocksOutputSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (_args, context) =>
    forwardCall(context, { method: 'GET', path: '/agent/mocks' }, listMocksOutputSchema(), (answer) => ({
      mocks: answer,
    })),
};

export const stopMockTool: ToolDefinition<ReturnType<typeof mockIdInput>> = {
  name: 'stop_mock',
  title: 'Stop a mock server',
  description:
    'Stops a mock server an agent started (start_mock) and returns it as it was; its port is free again. The ' +
    'mocks the person started are theirs: stopping one fails with FORBIDDEN. An id that is not running fails ' +
    'with NOT_FOUND; list_mocks lists those that are.',
  input: mockIdInput,
  output: mockInfoSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: (args, context) =>
    forwardCall(
      context,
      { method: 'POST', path: `/agent/mocks/${encodeURIComponent(args.id)}/stop`, body: {} },
      mockInfoSchema(),
      (answer) => answer,
    ),
};
