import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveTemplate } from '../request/template.js';
import { endpointUrlTemplate, isOwnUrl, listedLocation, sendsAsWritten, startsWithVariable } from './endpoint-url.js';

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

describe('a path that starts with a variable', () => {
  const lookup = (values: Record<string, string>) => (name: string) => values[name];

  it('is sent as written when the variable holds a whole URL, with no base_url before it', () => {
    const tls = lookup({ tls_host: 'https://127.0.0.1:8443', base_url: 'http://127.0.0.1:5599' });
    expect(sendsAsWritten('{{tls_host}}/echo', tls)).toBe(true);
    expect(sendsAsWritten('{{ tls_host }}/echo', tls)).toBe(true);
    expect(endpointUrlTemplate('{{tls_host}}/echo', tls)).toBe('{{tls_host}}/echo');
    expect(resolveTemplate(endpointUrlTemplate('{{tls_host}}/echo', tls), tls)).toBe('https://127.0.0.1:8443/echo');
  });

  it('follows a value that names another variable', () => {
    const nested = lookup({ host: '{{scheme}}://api.example.com', scheme: 'HTTP' });
    expect(sendsAsWritten('{{host}}/v1', nested)).toBe(true);
  });

  it('stays after base_url when the variable holds a path, is not defined, or is not first', () => {
    const values = lookup({ prefix: '/v2', other: 'https://other.example.com' });
    expect(endpointUrlTemplate('{{prefix}}/x', values)).toBe('{{base_url}}{{prefix}}/x');
    expect(endpointUrlTemplate('{{nowhere}}/x', values)).toBe('{{base_url}}{{nowhere}}/x');
    expect(endpointUrlTemplate('/v1/{{other}}', values)).toBe('{{base_url}}/v1/{{other}}');
    expect(endpointUrlTemplate('{{other}}/x')).toBe('{{base_url}}{{other}}/x');
    expect(startsWithVariable('{{prefix}}/x')).toBe(true);
    expect(startsWithVariable('/x/{{prefix}}')).toBe(false);
  });

  it('never has base_url in the URL it resolves to when its first variable holds an absolute URL', () => {
    const name = fc.constantFrom('tls_host', 'host', 'api.url', 'x-1', '$svc');
    const host = fc
      .tuple(fc.constantFrom('http', 'https', 'HTTPS'), fc.domain(), fc.integer({ min: 1, max: 65535 }))
      .map(([scheme, domain, port]) => `${scheme}://${domain}:${port}`);
    const rest = fc.array(fc.constantFrom('/echo', '/v1', '/{{id}}', '/a b'), { maxLength: 3 });
    fc.assert(
      fc.property(name, host, rest, (variable, value, segments) => {
        const path = segments.join('');
        const base = 'http://base-url.invalid:5599';
        const values = lookup({ [variable]: value, base_url: base, id: '7' });
        const template = endpointUrlTemplate(`{{${variable}}}${path}`, values);
        const resolved = resolveTemplate(template, values);
        expect(template.includes('{{base_url}}')).toBe(false);
        expect(resolved.includes(base)).toBe(false);
        expect(resolved.startsWith(value)).toBe(true);
      }),
    );
  });
});
