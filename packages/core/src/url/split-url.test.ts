import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { joinQuery, joinUrl, normalizeOrigin, parseQuery, splitUrl } from './split-url.js';

describe('splitUrl', () => {
  it('splits origin, path and ordered query params, keeping duplicates', () => {
    expect(splitUrl('https://api.example.com/v1/items?tag=a&tag=b&limit=5')).toEqual({
      origin: 'https://api.example.com',
      path: '/v1/items',
      queryParams: [
        { key: 'tag', value: 'a' },
        { key: 'tag', value: 'b' },
        { key: 'limit', value: '5' },
      ],
      userinfo: null,
    });
  });

  it('drops default ports, keeps others, and lower-cases scheme and host', () => {
    expect(splitUrl('HTTPS://API.Example.com:443/A').origin).toBe('https://api.example.com');
    expect(splitUrl('http://localhost:80/').origin).toBe('http://localhost');
    expect(splitUrl('http://localhost:3000/x').origin).toBe('http://localhost:3000');
    expect(splitUrl('http://[::1]:8080/x').origin).toBe('http://[::1]:8080');
    expect(splitUrl('https://[::1]:443').origin).toBe('https://[::1]');
  });

  it('keeps {{var}} placeholders literally in host, path and query', () => {
    expect(splitUrl('{{base_url}}/users/{{id}}?expand={{fields}}')).toEqual({
      origin: '{{base_url}}',
      path: '/users/{{id}}',
      queryParams: [{ key: 'expand', value: '{{fields}}' }],
      userinfo: null,
    });
    expect(splitUrl('https://{{Host}}/a').origin).toBe('https://{{Host}}');
  });

  it('turns userinfo into decoded credentials and leaves it out of the origin', () => {
    expect(splitUrl('https://alice:p%40ss@api.example.com/me')).toEqual({
      origin: 'https://api.example.com',
      path: '/me',
      queryParams: [],
      userinfo: { username: 'alice', password: 'p@ss' },
    });
  });

  it('uses / for an empty path, keeps the query as typed and drops the fragment', () => {
    expect(splitUrl('https://api.example.com?q=a%20b&flag#top')).toEqual({
      origin: 'https://api.example.com',
      path: '/',
      queryParams: [
        { key: 'q', value: 'a%20b' },
        { key: 'flag', value: '' },
      ],
      userinfo: null,
    });
  });

  it('refuses URLs without scheme or host with VALIDATION', () => {
    expect(() => splitUrl('api.example.com/x')).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    expect(() => splitUrl('https:///x')).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
  });

  it('round-trips through joinUrl for any generated URL', () => {
    const segment = fc.stringMatching(/^[a-z0-9._~{}-]{1,8}$/);
    const param = fc.record({
      key: fc.stringMatching(/^[a-z0-9_{}%-]{1,6}$/),
      value: fc.stringMatching(/^[a-z0-9_{}%+-]{1,6}$/),
    });
    fc.assert(
      fc.property(
        fc.constantFrom('https://api.example.com', 'http://localhost:3000', '{{base_url}}'),
        fc.array(segment, { maxLength: 4 }),
        fc.array(param, { maxLength: 4 }),
        (origin, segments, params) => {
          const path = `/${segments.join('/')}`;
          const url = joinUrl(origin, path, params);
          const split = splitUrl(url);
          expect(joinUrl(split.origin, split.path, split.queryParams)).toBe(url);
        },
      ),
    );
  });

  it('never throws anything but AppError for any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        try {
          splitUrl(text);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseQuery and joinQuery', () => {
  it('tell `name=` from `name`, and write each back as it was written', () => {
    const params = parseQuery('empty=&flag&page=2&=&=x');
    expect(params).toEqual([
      { key: 'empty', value: '', equals: true },
      { key: 'flag', value: '' },
      { key: 'page', value: '2' },
      { key: '', value: '', equals: true },
      { key: '', value: 'x' },
    ]);
    expect(joinQuery(params)).toBe('empty=&flag&page=2&=&=x');
    expect(splitUrl('https://api.example.com/a?empty=').queryParams).toEqual([
      { key: 'empty', value: '', equals: true },
    ]);
    expect(joinUrl('{{base_url}}', '/a', [{ key: 'empty', value: '', equals: true }])).toBe('{{base_url}}/a?empty=');
  });

  it('give back any query text, each `=` where it was, but the empty pieces between two &', () => {
    const queryText = fc.string({
      unit: fc.constantFrom('a', 'b', '=', '&', '%', '+', ' ', '{', '}', 'é'),
      maxLength: 40,
    });
    fc.assert(
      fc.property(queryText, (text) => {
        const pieces = text.split('&').filter((piece) => piece !== '');
        expect(joinQuery(parseQuery(text))).toBe(pieces.join('&'));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('normalizeOrigin', () => {
  it('treats a trailing slash, case and default port as the same origin', () => {
    expect(normalizeOrigin('HTTPS://Api.Example.com:443/')).toBe('https://api.example.com');
  });
});
