import type { MockLogEntry } from '@client/core';
import { describe, expect, it } from 'vitest';
import { formatMockLogLine } from './mock-log-line.js';

const entry: MockLogEntry = {
  mockId: 'm1',
  at: '2026-01-01T00:00:00.000Z',
  method: 'GET',
  path: '/users/1?full=true',
  status: 200,
  endpointId: 'e1',
  endpointName: 'Get user',
  answer: 'ok',
  ms: 2.6,
};

describe('formatMockLogLine', () => {
  it('names the endpoint and the example that answered', () => {
    expect(formatMockLogLine(entry)).toBe('GET /users/1?full=true → 200 Get user (example "ok") 3 ms');
  });

  it("names a contract's example and a generated body as such", () => {
    expect(formatMockLogLine({ ...entry, answer: 'schema example' })).toBe(
      'GET /users/1?full=true → 200 Get user (schema example) 3 ms',
    );
    expect(formatMockLogLine({ ...entry, answer: 'generated', ms: 0.2 })).toBe(
      'GET /users/1?full=true → 200 Get user (generated) 0 ms',
    );
  });

  it("leaves out the endpoint and the answer for the mock's own answers", () => {
    const unknown = { ...entry, path: '/nope', status: 404, endpointId: null, endpointName: null, answer: null };
    expect(formatMockLogLine(unknown)).toBe('GET /nope → 404 3 ms');
  });

  it('escapes control characters so a request cannot write lines of its own, and shortens a long path', () => {
    const crafted = { ...entry, path: '/a\n12:00:00 GET /admin → 200\u001b[2J', endpointName: null, answer: null };
    expect(formatMockLogLine(crafted)).toBe('GET /a\\x0a12:00:00 GET /admin → 200\\x1b[2J → 200 3 ms');
    const long = formatMockLogLine({ ...entry, path: `/${'x'.repeat(500)}` });
    expect(long).toContain(`/${'x'.repeat(199)}… → 200`);
  });
});
