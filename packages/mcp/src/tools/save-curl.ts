import * as z from 'zod/mini';
import { forwardCall } from '../forward-call.js';
import { once } from '../once.js';
import { assertionRowSchema, importResultSchema } from '../output-schemas.js';
import type { ToolDefinition } from '../tool-definition.js';

const saveCurlInput = once(() =>
  z.object({
    command: z
      .string()
      .check(
        z.describe(
          "The complete cURL command, starting with `curl`, as copied from a terminal or a browser's Copy as cURL",
        ),
      ),
    name: z.nullish(z.string()).check(z.describe('Endpoint name; defaults to the last path segment of the URL')),
    projectId: z
      .nullish(z.string())
      .check(z.describe('Project to save into (from list_projects); needed only when several projects exist')),
    folderId: z.nullish(z.string()).check(z.describe('Folder of that project to save into; omit for the project root')),
    tests: z
      .nullish(z.array(assertionRowSchema()))
      .check(
        z.describe(
          'Assertion rows saved with the endpoint and checked against every response (run_tests reports them), ' +
            'e.g. [{"source": "status", "operator": "eq", "value": 200}, {"source": "jsonpath", "property": "$.id", "operator": "exists"}]',
        ),
      ),
  }),
);

export const saveCurlTool: ToolDefinition<ReturnType<typeof saveCurlInput>> = {
  name: 'save_curl',
  title: 'Save a cURL command as an endpoint',
  description:
    'Parses a cURL command and saves it in Client as a new endpoint in state Designing; returns its endpointId. ' +
    'The URL is split into the project base_url + path + query params; method, headers, body and auth are kept. ' +
    'Without projectId: the only project is used, or, when there is none, a project "Agent imports" is created; ' +
    'with several projects the call fails with VALIDATION listing them, so call list_projects and pass projectId. ' +
    "If the result has a warning (the project's base_url differs from the command's origin), tell the user; " +
    'if it has curlWarnings (options of the command that were ignored, such as a cookie file), relay them too. ' +
    'Pass tests (assertion rows) to save the checks run_tests makes on its responses; a bad row fails with ' +
    'VALIDATION naming it. Each call adds an endpoint; nothing is changed or deleted. ' +
    'Failures: JSON {code, message} (VALIDATION for a malformed command, NOT_FOUND for an unknown project or ' +
    'folder) or text starting "no running control plane"; the message says what to do next.',
  input: saveCurlInput,
  output: importResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: (args, context) =>
    forwardCall(
      context,
      {
        method: 'POST',
        path: '/agent/curl',
        body: {
          command: args.command,
          name: args.name,
          projectId: args.projectId,
          folderId: args.folderId,
          ...(args.tests == null ? {} : { tests: args.tests }),
        },
      },
      importResultSchema(),
      (answer) => answer,
    ),
};
