import { describe, expect, it } from 'vitest';
import { endpointUrlTemplate, isOwnUrl, listedLocation } from './endpoint-url.js';

describe('an endpoint’s own URL', () => {
  it('is a whole http(s) URL; a path after {{base_url}} is not', () => {
    expect(isOwnUrl('https://other.example.com/v1/x')).toBe(true);
    expect(isOwnUrl('HTTP://127.0.0.1:5599/typed')).toBe(true);
    expect(isOwnUrl('/v1/x')).toBe(false);
    expect(isOwnUrl('/https://x')).toBe(false);
  });

  it('is sent as written, where a path follows {{base_url}}', () => {
    expect(endpointUrlTemplate('https://example.org/typed/path')).toBe('https://example.org/typed/path');
    expect(endpointUrlTemplate('/typed/path')).toBe('{{base_url}}/typed/path');
  });

  it('is listed with its own origin as the base URL', () => {
    expect(listedLocation('https://example.org:8443/typed/{{id}}', 'http://127.0.0.1:5599')).toEqual({
      baseUrl: 'https://example.org:8443',
      path: '/typed/{{id}}',
    });
    expect(listedLocation('/a', 'http://127.0.0.1:5599')).toEqual({ baseUrl: 'http://127.0.0.1:5599', path: '/a' });
  });
});
