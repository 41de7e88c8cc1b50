import { describe, expect, it } from 'vitest';
import type { EndpointAuth, EndpointBody, KeyValue } from '../model.js';
import { headersToSend, queryParamsToSend, type RequestParts } from './request-shape.js';

const asTyped = (text: string) => text;

function parts(extra: Partial<RequestParts> = {}): RequestParts {
  return { queryParams: [], headers: [], body: { mode: 'none' }, auth: { type: 'none' }, ...extra };
}

describe('headersToSend', () => {
  it.each<[EndpointBody, string | null]>([
    [{ mode: 'json', text: '{}' }, 'application/json'],
    [{ mode: 'text', text: 'hi' }, 'text/plain'],
    [{ mode: 'urlencoded', fields: [] }, 'application/x-www-form-urlencoded'],
    [{ mode: 'file', path: '/tmp/a.bin' }, 'application/octet-stream'],
    [{ mode: 'multipart', parts: [] }, null],
    [{ mode: 'none' }, null],
  ])('adds the Content-Type of a %j body when the request sets none', (body, contentType) => {
    expect(headersToSend(parts({ body }), asTyped)).toEqual(
      contentType === null ? [] : [{ key: 'Content-Type', value: contentType }],
    );
  });

  it('keeps a Content-Type the request sets itself, whatever its case', () => {
    const headers = [{ key: 'content-TYPE', value: 'application/merge-patch+json' }];
    expect(headersToSend(parts({ headers, body: { mode: 'json', text: '{}' } }), asTyped)).toEqual(headers);
  });

  it('compares names as they resolve', () => {
    const headers = [{ key: '{{type_header}}', value: 'text/csv' }];
    const resolve = (text: string) => text.replace('{{type_header}}', 'Content-Type');
    expect(headersToSend(parts({ headers, body: { mode: 'text', text: 'a,b' } }), resolve)).toEqual(headers);
  });

  it('leaves out rows without a name', () => {
    const headers = [
      { key: '', value: 'half typed' },
      { key: '  ', value: 'x' },
      { key: 'Accept', value: 'text/html' },
    ];
    expect(headersToSend(parts({ headers }), asTyped)).toEqual([{ key: 'Accept', value: 'text/html' }]);
  });

  it.each<[EndpointAuth, KeyValue[]]>([
    [{ type: 'bearer', token: '{{token}}' }, [{ key: 'Authorization', value: 'Bearer {{token}}' }]],
    [{ type: 'basic', username: 'ada', password: 'pw' }, []],
    [{ type: 'apiKey', key: 'authorization', value: 'k1', in: 'header' }, [{ key: 'authorization', value: 'k1' }]],
  ])('lets %j replace the request’s own Authorization header', (auth, added) => {
    const headers = [
      { key: 'authorization', value: 'Bearer old' },
      { key: 'Accept', value: '*/*' },
    ];
    expect(headersToSend(parts({ headers, auth }), asTyped)).toEqual([{ key: 'Accept', value: '*/*' }, ...added]);
  });

  it('keeps the request’s own Authorization under digest auth, whose header answers a challenge', () => {
    const headers = [{ key: 'Authorization', value: 'Bearer old' }];
    expect(headersToSend(parts({ headers, auth: { type: 'digest', username: 'a', password: 'b' } }), asTyped)).toEqual(
      headers,
    );
  });

  it('adds no header for an API key without a name or one sent in the query', () => {
    expect(headersToSend(parts({ auth: { type: 'apiKey', key: '', value: 'k', in: 'header' } }), asTyped)).toEqual([]);
    expect(headersToSend(parts({ auth: { type: 'apiKey', key: 'k', value: 'v', in: 'query' } }), asTyped)).toEqual([]);
  });
});

describe('queryParamsToSend', () => {
  const queryParams = [{ key: 'page', value: '2' }];

  it('adds an API key sent in the query after the request’s own params', () => {
    expect(
      queryParamsToSend({ queryParams, auth: { type: 'apiKey', key: 'api_key', value: 'k1', in: 'query' } }),
    ).toEqual([...queryParams, { key: 'api_key', value: 'k1' }]);
  });

  it('adds nothing for other auth settings or an API key without a name', () => {
    expect(
      queryParamsToSend({ queryParams, auth: { type: 'apiKey', key: 'X-Key', value: 'k1', in: 'header' } }),
    ).toEqual(queryParams);
    expect(queryParamsToSend({ queryParams, auth: { type: 'apiKey', key: '', value: 'k1', in: 'query' } })).toEqual(
      queryParams,
    );
    expect(queryParamsToSend({ queryParams, auth: { type: 'bearer', token: 't' } })).toEqual(queryParams);
  });
});
