import { AGENT_RUN_DEFAULT_TIMEOUT_MS } from '@client/core';
import * as z from 'zod/mini';
import { forwardCall } from '../forward-call.js';
import { once } from '../once.js';
import { runResultSchema } from '../output-schemas.js';
import type { ToolDefinition } from '../tool-definition.js';
import { whileReporting } from '../while-reporting.js';

/** The control plane answers once `timeoutMs` has passed, with the run as a job if it goes on; this much more is slack. */
const ANSWER_MARGIN_MS = 15_000;

const runTestsInput = once(() =>
  z.object({
    projectId: z.string().check(z.describe('The project whose tests to run, from list_projects')),
    folderId: z
      .nullish(z.string())
      .check(z.describe('Run only the endpoints at or below this folder (list_folders); default: the whole project')),
    environmentId: z
      .nullish(z.string())
      .check(z.describe("Environment whose variables to use (list_environments); default: the project's active one")),
    iterations: z
      .nullish(z.number().check(z.int(), z.minimum(1), z.maximum(10_000)))
      .check(z.describe('How many times to run every request (default 1)')),
    timeoutMs: z
      .nullish(z.number().check(z.int(), z.minimum(1_000), z.maximum(600_000)))
      .check(
        z.describe(
          `How long this call waits, for the person's answer and then for the run (default ${AGENT_RUN_DEFAULT_TIMEOUT_MS}, ` +
            'under the 60 s MCP clients allow a call); a run that goes on longer comes back with status "running"',
        ),
      ),
  }),
);

export const runTestsTool: ToolDefinition<ReturnType<typeof runTestsInput>> = {
  name: 'run_tests',
  title: 'Run the tests of a project or folder, with the person’s consent',
  description:
    'Runs every saved endpoint of a project (or of one folder), in order, in the Client app, with their assertion ' +
    'rows and test scripts, as the person’s own runner does; their variables and secrets stay in the app. The ' +
    'person must allow it: the app shows them every request and host unless they allowed the project, so tell the ' +
    'user to look at the Client window. Returns the status (passed, failed, cancelled, error, or running), the ' +
    'counts of requests and checks, and each failure (request, assertion, message) with every secret shown as ' +
    '"••••". A run longer than timeoutMs comes back with status "running" and its runId: call get_run until it ' +
    'has finished, or cancel_run. Fails with DENIED when the person says no and CONSENT_TIMEOUT when nobody ' +
    'answers in timeoutMs (ask the user to answer, or to run `client agent allow --project <name> --minutes 15`), ' +
    'NOT_FOUND for an unknown project, folder or environment, VALIDATION when there is nothing to run.',
  input: runTestsInput,
  output: runResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: (args, context, call) => {
    const timeoutMs = args.timeoutMs ?? AGENT_RUN_DEFAULT_TIMEOUT_MS;
    return whileReporting(
      call,
      context.progressIntervalMs,
      timeoutMs,
      (seconds) => `waiting for the person's answer in the Client app, then for the run (${seconds} s)`,
      () =>
        forwardCall(
          context,
          {
            method: 'POST',
            path: '/agent/run',
            body: {
              projectId: args.projectId,
              folderId: args.folderId ?? null,
              environmentId: args.environmentId ?? null,
              iterations: args.iterations ?? null,
              timeoutMs,
            },
            timeoutMs: timeoutMs + ANSWER_MARGIN_MS,
          },
          runResultSchema(),
          (answer) => answer,
        ),
    );
  },
};
