import { describe, expect, it } from 'vitest';

import { securityHeaders } from './security-headers.js';

describe('securityHeaders', () => {
  it("are helmet's defaults, named in lower case, with nothing taken from a request", () => {
    const headers = securityHeaders();
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    for (const name of Object.keys(headers)) expect(name).toBe(name.toLowerCase());
    expect(securityHeaders()).toEqual(headers);
  });
});
