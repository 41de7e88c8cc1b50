import { AGENT_RUN_DEFAULT_TIMEOUT_MS, AGENT_SEND_DEFAULT_TIMEOUT_MS } from '@client/core';
import { DEFAULT_REQUEST_TIMEOUT_MSEC } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { describe, expect, it } from 'vitest';

/** Time for the app to answer once the wait is over and for the answer to reach the agent's client. */
const ANSWER_SLACK_MS = 5_000;

describe('the default wait for the person', () => {
  it.each([
    ['send_endpoint', AGENT_SEND_DEFAULT_TIMEOUT_MS],
    ['run_tests', AGENT_RUN_DEFAULT_TIMEOUT_MS],
  ])('of %s ends before the MCP SDK client gives up on a call, so the agent hears CONSENT_TIMEOUT', (_tool, wait) => {
    expect(wait + ANSWER_SLACK_MS).toBeLessThanOrEqual(DEFAULT_REQUEST_TIMEOUT_MSEC);
  });
});
