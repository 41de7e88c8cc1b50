import { describe, expect, it } from 'vitest';
import { formatPathAndQuery, normalizePath, readTypedUrl, withTypedQuery } from './url-editing.js';

describe('readTypedUrl', () => {
  it('reads a path with its query, keeping order, duplicates and {{variables}}', () => {
    expect(readTypedUrl('/users/{{id}}?b=2&a=1&b=3')).toEqual({
      path: '/users/{{id}}',
      queryParams: [
        { key: 'b', value: '2' },
        { key: 'a', value: '1' },
        { key: 'b', value: '3' },
      ],
    });
  });

  it('makes a whole URL elsewhere than base_url the endpoint’s own URL, with its query as params', () => {
    expect(readTypedUrl('https://API.example.com:443/v1/items?limit=5', 'http://127.0.0.1:5599')).toEqual({
      path: 'https://api.example.com/v1/items',
      queryParams: [{ key: 'limit', value: '5' }],
    });
    expect(readTypedUrl('https://example.org/typed/path')).toEqual({
      path: 'https://example.org/typed/path',
      queryParams: [],
    });
  });

  it('keeps a whole URL under base_url, or under {{base_url}}, relative to it', () => {
    expect(readTypedUrl('{{base_url}}/health')).toEqual({ path: '/health', queryParams: [] });
    expect(readTypedUrl('http://127.0.0.1:5599/typed?x=1', 'http://127.0.0.1:5599/')).toEqual({
      path: '/typed',
      queryParams: [{ key: 'x', value: '1' }],
    });
    expect(readTypedUrl('https://api.example.com/v2/users', 'https://api.example.com/v2')).toEqual({
      path: '/users',
      queryParams: [],
    });
    // Only at a path boundary: /v20 is not under /v2.
    expect(readTypedUrl('https://api.example.com/v20', 'https://api.example.com/v2').path).toBe(
      'https://api.example.com/v20',
    );
  });

  it('keeps half-typed text as a path', () => {
    expect(readTypedUrl('https://')).toEqual({ path: 'https://', queryParams: [] });
  });
});

describe('formatPathAndQuery and normalizePath', () => {
  it('writes the path and query back as typed', () => {
    expect(
      formatPathAndQuery({
        path: '/a',
        queryParams: [
          { key: 'q', value: '{{term}}' },
          { key: 'flag', value: '' },
        ],
      }),
    ).toBe('/a?q={{term}}&flag');
  });

  it('starts a saved path with a slash, and keeps a URL of the endpoint’s own', () => {
    expect(normalizePath('users ')).toBe('/users');
    expect(normalizePath('/users')).toBe('/users');
    expect(normalizePath(' https://example.org/x')).toBe('https://example.org/x');
  });

  it('keeps a path that starts with a variable as written, since the variable may hold a whole URL', () => {
    expect(normalizePath('{{tls_host}}/echo')).toBe('{{tls_host}}/echo');
    expect(readTypedUrl('{{tls_host}}/echo?x=1', 'http://127.0.0.1:5599')).toEqual({
      path: '{{tls_host}}/echo',
      queryParams: [{ key: 'x', value: '1' }],
    });
  });
});

describe('a query param switched off in the URL field', () => {
  const params = [
    { key: 'a', value: '1' },
    { key: 'off', value: 'x', enabled: false },
    { key: 'b', value: '2' },
  ];

  it('is not shown in the field, which shows what is sent', () => {
    expect(formatPathAndQuery({ path: '/items', queryParams: params })).toBe('/items?a=1&b=2');
  });

  it('keeps its place when the query is typed over, while the typed params replace the ones that were on', () => {
    expect(withTypedQuery(readTypedUrl('/items?a=9&b=2&c=3').queryParams, params)).toEqual([
      { key: 'a', value: '9' },
      { key: 'off', value: 'x', enabled: false },
      { key: 'b', value: '2' },
      { key: 'c', value: '3' },
    ]);
    expect(withTypedQuery([], params)).toEqual([{ key: 'off', value: 'x', enabled: false }]);
  });
});
