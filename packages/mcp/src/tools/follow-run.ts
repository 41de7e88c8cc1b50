import * as z from 'zod/mini';
import { forwardCall } from '../forward-call.js';
import { once } from '../once.js';
import { runResultSchema } from '../output-schemas.js';
import type { ToolDefinition } from '../tool-definition.js';

const runIdInput = once(() => z.object({ runId: z.string().check(z.describe('The runId run_tests answered with')) }));

export const getRunTool: ToolDefinition<ReturnType<typeof runIdInput>> = {
  name: 'get_run',
  title: 'Follow a test run',
  description:
    'Answers with a run that run_tests started, in the same shape as run_tests: its status, counts and failures ' +
    '(secrets shown as "••••"), finished or so far. While status is "running", call it again a little later. ' +
    'Only runs started by agents can be read; any other runId fails with NOT_FOUND.',
  input: runIdInput,
  output: runResultSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (args, context) =>
    forwardCall(
      context,
      { method: 'GET', path: `/agent/runs/${encodeURIComponent(args.runId)}` },
      runResultSchema(),
      (answer) => answer,
    ),
};

export const cancelRunTool: ToolDefinition<ReturnType<typeof runIdInput>> = {
  name: 'cancel_run',
  title: 'Stop a test run',
  description:
    'Stops a run that run_tests started: the request on its way is given up and the rest are not sent. Answers ' +
    'with what the run found, as get_run does (status "cancelled"); a run that had already ended is answered as it ' +
    'ended, with a note. Only runs started by agents can be stopped; any other runId fails with NOT_FOUND.',
  input: runIdInput,
  output: runResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (args, context) =>
    forwardCall(
      context,
      { method: 'POST', path: `/agent/runs/${encodeURIComponent(args.runId)}/cancel`, body: {} },
      runResultSchema(),
      (answer) => answer,
    ),
};
