import { AGENT_BODY_BYTES, type SendOutcome } from '@client/core';
import { scrubberOf } from '@client/http';
import { describe, expect, it } from 'vitest';
import { agentSendResult } from './agent-send-result.js';

const SECRET = 'Tok3n-for-the-wire';
const scrub = scrubberOf([SECRET]);

function response(overrides: Partial<Extract<SendOutcome, { outcome: 'response' }>>): SendOutcome {
  return {
    outcome: 'response',
    historyId: 'h1',
    url: 'http://127.0.0.1:4567/echo',
    status: 200,
    statusText: 'OK',
    durationMs: 1,
    size: 0,
    headers: [],
    contentType: 'text/plain',
    body: '',
    truncated: false,
    warnings: [],
    timing: null,
    cookies: [],
    ...overrides,
  };
}

describe('agentSendResult', () => {
  it('scrubs the status text and header names, and masks a secret split between two header values', () => {
    const result = agentSendResult(
      response({
        statusText: `Echo ${SECRET.toUpperCase()}`,
        headers: [
          { key: `x-echo-${SECRET.toLowerCase()}`, value: 'seen' },
          { key: 'x-part', value: SECRET.slice(0, 7) },
          { key: 'x-part', value: SECRET.slice(7) },
        ],
      }),
      scrub,
    );
    expect(result.statusText).toBe('Echo ••••');
    expect(result.headers).toEqual([
      { key: 'x-echo-••••', value: 'seen' },
      { key: 'x-part', value: '••••' },
      { key: 'x-part', value: '••••' },
    ]);
  });

  it('masks a secret that runs across the end of the part shown, and says a large body was cut', () => {
    const before = 'a'.repeat(AGENT_BODY_BYTES - 5);
    const text = `${before}${encodeURIComponent(SECRET)}${'b'.repeat(10 * AGENT_BODY_BYTES)}`;
    const result = agentSendResult(response({ body: text, size: text.length }), scrub);
    // The cut falls inside the mask, of which one whole character fits.
    expect(result.body?.startsWith(before)).toBe(true);
    expect(result.body?.slice(before.length)).toBe('•');
    expect(result.bodyTruncated).toBe(true);
    const short = agentSendResult(response({ body: `x ${SECRET} y`, size: 24 }), scrub);
    expect(short).toMatchObject({ body: 'x •••• y', bodyTruncated: false });
  });
});
