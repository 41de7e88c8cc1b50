import type { Endpoint } from '@client/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RouteTable } from './route-table.js';
import { compileTemplate, matchTemplate, mockedPath, requestSegments } from './route-template.js';

let serial = 0;
function endpoint(method: string, path: string): Endpoint {
  serial++;
  return {
    id: `e${serial}`,
    projectId: 'p',
    folderId: null,
    name: `${method} ${path}`,
    method,
    path,
    queryParams: [],
    headers: [],
    body: { mode: 'none' },
    auth: { type: 'none' },
    state: 'Designing',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('mockedPath', () => {
  it.each([
    ['{{base_url}}/items', null, '/items'],
    ['{{ base_url }}/items/', null, '/items'],
    ['https://api.example.test/v1/items', 'https://api.example.test/v1', '/items'],
    ['https://other.example.test/v2/items', 'https://api.example.test/v1', '/v2/items'],
    ['https://api.example.test', null, '/'],
    ['{{host}}/users/{{id}}', null, '/users/{{id}}'],
    ['/items?limit=1#top', null, '/items'],
    ['items', null, '/items'],
    ['/', null, '/'],
  ])('answers %s (base_url %s) on %s', (path, baseUrl, expected) => {
    expect(mockedPath(path, baseUrl)).toBe(expected);
  });

  it('strips base_url only at a segment boundary', () => {
    expect(mockedPath('https://api.example.test/v10/items', 'https://api.example.test/v1')).toBe('/v10/items');
  });
});

describe('path templates', () => {
  it('matches {param}, :param and {{var}} segments and one with a parameter inside, decoding the request', () => {
    const template = compileTemplate('/users/{userId}/posts/:postId/{{kind}}/{file}.json', null);
    expect(matchTemplate(template, requestSegments('/users/7/posts/a%20b/drafts/report.json'))).toEqual({
      userId: '7',
      postId: 'a b',
      kind: 'drafts',
      file: 'report',
    });
    expect(matchTemplate(template, requestSegments('/users/7/posts/1/drafts/report.xml'))).toBeNull();
    expect(matchTemplate(template, requestSegments('/users//posts/1/drafts/report.json'))).toBeNull();
  });

  it('never throws on any path or request', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.option(fc.string()), (path, request, baseUrl) => {
        matchTemplate(compileTemplate(path, baseUrl), requestSegments(request));
      }),
    );
  });

  it('matches a path of literal segments with itself, and with nothing one segment longer', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,8}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), segment, (segments, extra) => {
        const path = `/${segments.join('/')}`;
        expect(matchTemplate(compileTemplate(path, null), requestSegments(path))).toEqual({});
        expect(matchTemplate(compileTemplate(path, null), requestSegments(`${path}/${extra}`))).toBeNull();
      }),
    );
  });
});

describe('RouteTable', () => {
  const table = new RouteTable(
    [
      endpoint('GET', '/items/{id}'),
      endpoint('DELETE', '/items/{id}'),
      endpoint('GET', '/items/featured'),
      endpoint('POST', '{{base_url}}/items'),
      endpoint('GET', '/items/:itemId/reviews'),
      endpoint('PUT', '/items/{{id}}'),
    ],
    null,
  );

  it('sends a request to the most specific path first: a literal segment beats a parameter', () => {
    const featured = table.match('GET', '/items/featured');
    expect(featured.kind === 'found' && featured.endpoint.path).toBe('/items/featured');
    const byId = table.match('GET', '/items/12');
    expect(byId.kind === 'found' && [byId.endpoint.path, byId.params]).toEqual(['/items/{id}', { id: '12' }]);
  });

  it('takes a less specific path that has the method when the most specific one lacks it', () => {
    const deleted = table.match('DELETE', '/items/featured');
    expect(deleted.kind === 'found' && deleted.endpoint.path).toBe('/items/{id}');
  });

  it('treats {id}, :id and {{id}} as one path, and answers HEAD with GET', () => {
    const put = table.match('PUT', '/items/3');
    expect(put.kind === 'found' && put.endpoint.path).toBe('/items/{{id}}');
    const head = table.match('HEAD', '/items/3');
    expect(head.kind === 'found' && head.endpoint.method).toBe('GET');
  });

  it('says which methods a path has when it lacks the one asked for, HEAD wherever GET is', () => {
    expect(table.match('PATCH', '/items/3')).toEqual({ kind: 'wrong-method', allow: ['DELETE', 'GET', 'HEAD', 'PUT'] });
    expect(table.match('GET', '/items')).toEqual({ kind: 'wrong-method', allow: ['POST'] });
  });

  it('names the closest routes of a path that matches nothing, the same method first', () => {
    expect(table.match('GET', '/itemz/3')).toEqual({ kind: 'none' });
    expect(table.closest('GET', '/itemz/3')).toEqual([
      { method: 'GET', path: '/items/{id}' },
      { method: 'DELETE', path: '/items/{id}' },
      { method: 'PUT', path: '/items/{id}' },
    ]);
  });
});
