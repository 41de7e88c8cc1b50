import type { IncomingHttpHeaders } from 'node:http';
import { createTokenMatcher } from '@client/local';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AccessPolicy, checkAccess } from './access-guard.js';

const token = '3f0c1d2e-4b5a-4c6d-8e7f-901a2b3c4d5e';
const policy: AccessPolicy = {
  port: () => 4110,
  matchesToken: createTokenMatcher(token),
  tokenPath: '/d/agent-token',
  flavor: 'release',
};
const host = { host: '127.0.0.1:4110' };

describe('checkAccess', () => {
  it('lets a loopback request with the token through', () => {
    expect(checkAccess({ ...host, authorization: `Bearer ${token}` }, '/agent/health', policy)).toBeNull();
    expect(checkAccess({ host: 'LOCALHOST:4110', 'x-agent-token': ` ${token} ` }, '/x', policy)).toBeNull();
  });

  it('accepts the request when one of the two headers holds the token', () => {
    const headers = { ...host, authorization: 'Bearer nope', 'x-agent-token': token };
    expect(checkAccess(headers, '/agent/health', policy)).toBeNull();
  });

  it('checks Host and Origin before the token, so a browser learns nothing about it', () => {
    expect(checkAccess({ host: 'evil.example:4110' }, '/', policy)?.code).toBe('FORBIDDEN');
    expect(checkAccess({ ...host, origin: 'http://127.0.0.1:4110' }, '/', policy)?.code).toBe('FORBIDDEN');
  });

  it('names the flavor and the token path when the token is wrong', () => {
    expect(checkAccess({ ...host, 'x-agent-token': 'x' }, '/', policy)?.message).toContain(
      '/d/agent-token, flavor release',
    );
  });

  it('never throws and only lets the right token through, whatever the headers', () => {
    const headerValue = fc.oneof(fc.string(), fc.constant(token), fc.constant(`Bearer ${token}`));
    fc.assert(
      fc.property(
        fc.record(
          {
            host: fc.oneof(fc.constant('127.0.0.1:4110'), fc.string()),
            authorization: headerValue,
            'x-agent-token': headerValue,
          },
          { requiredKeys: [] },
        ),
        fc.string(),
        (headers: IncomingHttpHeaders, url) => {
          const result = checkAccess(headers, url, policy);
          const hasToken =
            String(headers['x-agent-token']).trim() === token || headers.authorization === `Bearer ${token}`;
          const loopback = headers.host === '127.0.0.1:4110';
          expect(result === null).toBe(hasToken && loopback);
        },
      ),
    );
  });
});
