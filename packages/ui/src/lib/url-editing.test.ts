import { describe, expect, it } from 'vitest';
import { formatPathAndQuery, normalizePath, readTypedUrl } from './url-editing.js';

describe('readTypedUrl', () => {
  it('reads a path with its query, keeping order, duplicates and {{variables}}', () => {
    expect(readTypedUrl('/users/{{id}}?b=2&a=1&b=3')).toEqual({
      path: '/users/{{id}}',
      queryParams: [
        { key: 'b', value: '2' },
        { key: 'a', value: '1' },
        { key: 'b', value: '3' },
      ],
      droppedOrigin: null,
    });
  });

  it('keeps the path and query of a whole URL and reports its origin', () => {
    expect(readTypedUrl('https://API.example.com:443/v1/items?limit=5')).toEqual({
      path: '/v1/items',
      queryParams: [{ key: 'limit', value: '5' }],
      droppedOrigin: 'https://api.example.com',
    });
  });

  it('takes {{base_url}} in front of the path as the origin endpoints already use', () => {
    expect(readTypedUrl('{{base_url}}/health')).toEqual({ path: '/health', queryParams: [], droppedOrigin: null });
  });

  it('keeps half-typed text as a path', () => {
    expect(readTypedUrl('https://')).toEqual({ path: 'https://', queryParams: [], droppedOrigin: null });
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

  it('starts a saved path with a slash', () => {
    expect(normalizePath('users ')).toBe('/users');
    expect(normalizePath('/users')).toBe('/users');
  });
});
