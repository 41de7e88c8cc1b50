import { AGENT_SEND_DEFAULT_TIMEOUT_MS } from '@client/core';
import * as z from 'zod/mini';
import { forwardCall } from '../forward-call.js';
import { once } from '../once.js';
import { sendResultSchema } from '../output-schemas.js';
import type { ToolDefinition } from '../tool-definition.js';
import { whileReporting } from '../while-reporting.js';

/** After the person has answered, the request itself may take up to its own timeout; the call waits that long too. */
const SEND_MARGIN_MS = 5 * 60_000;

const names = () => z.record(z.string(), z.string());

const sendEndpointInput = once(() =>
  z.object({
    endpointId: z.string().check(z.describe('The saved endpoint to send, from list_endpoints or save_curl')),
    environmentId: z
      .nullish(z.string())
      .check(z.describe("Environment whose variables to use (list_environments); default: the project's active one")),
    overrides: z
      .nullish(
        z.object({
          query: z.nullish(names()).check(z.describe('Query parameters to set for this send, {"name": "value"}')),
          headers: z.nullish(names()).check(z.describe('Headers to set for this send, {"Name": "value"}')),
          body: z.nullish(z.string()).check(z.describe('Body text to send instead of the saved one')),
        }),
      )
      .check(
        z.describe('Changes for this send only; the saved endpoint is not changed. {{variables}} are not allowed here'),
      ),
    timeoutMs: z
      .nullish(z.number().check(z.int(), z.minimum(1_000), z.maximum(600_000)))
      .check(
        z.describe(
          `How long to wait for the person to allow the send (default ${AGENT_SEND_DEFAULT_TIMEOUT_MS}, under the 60 s MCP ` +
            'clients allow a call)',
        ),
      ),
  }),
);

export const sendEndpointTool: ToolDefinition<ReturnType<typeof sendEndpointInput>> = {
  name: 'send_endpoint',
  title: 'Send a saved endpoint, with the person’s consent',
  description:
    'Sends a saved endpoint from the Client app, exactly as the person’s own Send would (their variables and ' +
    'secrets are resolved inside the app and never shown to you). The person must allow it: the app asks them ' +
    'unless they gave a standing permission, so tell the user to look at the Client window. Returns status, ' +
    'headers, timing and the body up to 50 KB (and a streamed answer’s events), with every secret and Set-Cookie shown as "••••"; relay the ' +
    'notes. The send is kept in the person’s History. Fails with DENIED when the person says no and ' +
    'CONSENT_TIMEOUT when nobody answers in timeoutMs (ask the user to answer, or to run ' +
    '`client agent allow --project <name> --minutes 15`), NOT_FOUND for an unknown endpoint or environment.',
  input: sendEndpointInput,
  output: sendResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: (args, context, call) => {
    const timeoutMs = args.timeoutMs ?? AGENT_SEND_DEFAULT_TIMEOUT_MS;
    return whileReporting(
      call,
      context.progressIntervalMs,
      // Once the person has allowed it, the request takes as long as it takes: no total to give.
      undefined,
      (seconds) => `waiting for the person's answer in the Client app, then for the response (${seconds} s)`,
      () =>
        forwardCall(
          context,
          {
            method: 'POST',
            path: '/agent/send',
            body: {
              endpointId: args.endpointId,
              environmentId: args.environmentId ?? null,
              overrides: args.overrides ?? null,
              timeoutMs,
            },
            timeoutMs: timeoutMs + SEND_MARGIN_MS,
          },
          sendResultSchema(),
          (answer) => answer,
        ),
    );
  },
};
