import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseNestedQuery } from '../../web/nested-query.js';
import { expandPath, pathParameterNames } from './path-template.js';
import { queryString } from './query-string.js';
import { requestUrl } from './request-url.js';

const BASE = 'http://remote.test:8081/api';
/** Half of a UTF-16 pair without the other half: no URL can encode it. */
const LONE_SURROGATE = /\p{Cs}/u;

describe('path templates', () => {
  it('lists the :name segments and refuses a parameter that is not a whole segment', () => {
    expect(pathParameterNames('/orgs/:orgId/users/:id')).toEqual(['orgId', 'id']);
    expect(pathParameterNames('/health')).toEqual([]);
    expect(() => pathParameterNames('/files/:name.json')).toThrow('":name.json" must be a whole segment ":name"');
    expect(() => pathParameterNames('users/:id')).toThrow('path "users/:id" must start with "/"');
  });

  it('puts each value into its segment, percent-encoded', () => {
    expect(expandPath('/orgs/:org/users/:id', { org: 'a/b?c#d', id: 7 })).toBe('/orgs/a%2Fb%3Fc%23d/users/7');
    expect(expandPath('/users/:id', { id: 'ünï cödé' })).toBe('/users/%C3%BCn%C3%AF%20c%C3%B6d%C3%A9');
  });

  it('refuses a missing value and values that cannot be a segment', () => {
    expect(() => expandPath('/users/:id', {})).toThrow('path parameter "id" is missing');
    expect(() => expandPath('/users/:id', { id: '..' })).toThrow('path parameter "id" is "..", which cannot be');
    expect(() => expandPath('/users/:id', { id: '' })).toThrow('which cannot be a path segment');
    expect(() => expandPath('/users/:id', { id: Number.NaN })).toThrow('is NaN; give a finite number');
    expect(() => expandPath('/users/:id', { id: '\uD800' })).toThrow('is not well-formed Unicode');
  });

  it('keeps any value inside its own segment of the final URL', () => {
    const tricky = fc.constantFrom('', '.', '..', '%2e%2e', '/', '?', '#', '\\', '%', ';', '\uDC00x');
    const values = fc.oneof(tricky, fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }));
    const unusable = (value: string) => ['', '.', '..'].includes(value) || LONE_SURROGATE.test(value);
    fc.assert(
      fc.property(values, fc.oneof(values, fc.integer()), (value, other) => {
        let url: URL;
        try {
          url = new URL(requestUrl(BASE, '/users/:id/roles/:role', { id: value, role: other }, undefined));
        } catch (error) {
          // The only values refused are those no URL can carry in one segment.
          expect(unusable(value) || unusable(String(other))).toBe(true);
          expect(error).toBeInstanceOf(TypeError);
          return;
        }
        const segments = url.pathname.split('/');
        expect(segments).toHaveLength(6);
        expect(segments.slice(0, 3)).toEqual(['', 'api', 'users']);
        expect(decodeURIComponent(segments[3] as string)).toBe(value);
        expect(segments[4]).toBe('roles');
        expect(decodeURIComponent(segments[5] as string)).toBe(String(other));
        expect(url.search).toBe('');
        expect(url.hash).toBe('');
        expect(url.host).toBe('remote.test:8081');
      }),
      { numRuns: 300 },
    );
  });
});

describe('query strings', () => {
  it('writes nested objects and arrays as the service reads them, and leaves out empty values', () => {
    const query = { page: { pageSize: 5, sorts: [{ column: 'age', direction: 'ASC' }] }, q: null, tag: undefined };
    expect(decodeURIComponent(queryString(query))).toBe(
      'page.pageSize=5&page.sorts[0].column=age&page.sorts[0].direction=ASC',
    );
    expect(queryString({ at: new Date(Date.UTC(2024, 0, 2)), on: true })).toBe(
      'at=2024-01-02T00%3A00%3A00.000Z&on=true',
    );
    expect(queryString(undefined)).toBe('');
  });

  it('refuses a query that is not an object of parameters', () => {
    expect(() => queryString('a=1')).toThrow('the query must be an object of parameters, not string');
    expect(() => queryString([1])).toThrow('not an array');
  });

  it('is read back by the service as the object it was built from', () => {
    const name = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,8}$/);
    const leaf = fc.oneof(fc.string(), fc.integer().map(String));
    const value = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('node'), { minLength: 1, maxLength: 4 }),
        fc.dictionary(name, tie('node'), { minKeys: 1, maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(name, value, { minKeys: 1, maxKeys: 4 }), (query) => {
        expect(parseNestedQuery(queryString(query))).toEqual(query);
      }),
    );
  });
});

describe('request URLs', () => {
  it('keeps the path of the base URL, with or without a trailing slash', () => {
    expect(requestUrl(`${BASE}/`, '/users/:id', { id: 1 }, { page: { pageIndex: 2 } })).toBe(
      'http://remote.test:8081/api/users/1?page.pageIndex=2',
    );
    expect(requestUrl('http://remote.test', '/users', {}, {})).toBe('http://remote.test/users');
  });
});
