import { describe, expect, it } from 'vitest';

import { API_SECURITY_HEADERS, pageSecurityHeaders } from './security-headers.js';

describe('API_SECURITY_HEADERS', () => {
  it('are the REST set: nothing cached, framed, sniffed or loaded, HTTPS only', () => {
    expect(API_SECURITY_HEADERS).toEqual({
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });
});

describe('pageSecurityHeaders', () => {
  it("are helmet's defaults, named in lower case, with nothing taken from a request", () => {
    const headers = pageSecurityHeaders(true);
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    for (const name of Object.keys(headers)) expect(name).toBe(name.toLowerCase());
    expect(pageSecurityHeaders(true)).toEqual(headers);
  });

  it('ask a browser to upgrade the requests of a page served over HTTPS only', () => {
    expect(pageSecurityHeaders(true)['content-security-policy']).toContain('upgrade-insecure-requests');
    const plain = pageSecurityHeaders(false);
    expect(plain['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(plain['content-security-policy']).toContain("script-src 'self'");
  });
});
