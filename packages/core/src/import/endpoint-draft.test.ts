import { describe, expect, it } from 'vitest';
import type { ParsedCurl } from '../curl/parsed-curl.js';
import { planEndpoint } from './endpoint-draft.js';

function parsed(overrides: Partial<ParsedCurl>): ParsedCurl {
  return {
    method: 'GET',
    url: 'https://api.example.com/v1/items',
    headers: [],
    body: null,
    auth: null,
    warnings: [],
    ...overrides,
  };
}

describe('planEndpoint', () => {
  it('stores the endpoint relative to base_url, in state Designing, named after the last segment', () => {
    expect(planEndpoint(parsed({ url: 'https://api.example.com/v1/items?limit=5&tag=a&tag=b' }))).toEqual({
      origin: 'https://api.example.com',
      draft: {
        name: 'items',
        method: 'GET',
        path: '/v1/items',
        queryParams: [
          { key: 'limit', value: '5' },
          { key: 'tag', value: 'a' },
          { key: 'tag', value: 'b' },
        ],
        headers: [],
        body: { mode: 'none' },
        auth: { type: 'none' },
        state: 'Designing',
      },
    });
  });

  it('uses the given name over the derived one', () => {
    expect(planEndpoint(parsed({}), 'List items').draft.name).toBe('List items');
  });

  it('keeps headers in order with duplicates and maps auth', () => {
    const plan = planEndpoint(
      parsed({
        headers: [
          { name: 'Accept', value: 'a' },
          { name: 'X-Tag', value: '1' },
          { name: 'X-Tag', value: '2' },
        ],
        auth: { type: 'digest', username: 'u', password: 'p' },
      }),
    );
    expect(plan.draft.headers).toEqual([
      { key: 'Accept', value: 'a' },
      { key: 'X-Tag', value: '1' },
      { key: 'X-Tag', value: '2' },
    ]);
    expect(plan.draft.auth).toEqual({ type: 'digest', username: 'u', password: 'p' });
    expect(planEndpoint(parsed({ auth: { type: 'bearer', token: 't' } })).draft.auth).toEqual({
      type: 'bearer',
      token: 't',
    });
  });

  it('classifies raw bodies as JSON by content type or by content, else text', () => {
    const json = planEndpoint(
      parsed({
        method: 'POST',
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        body: { mode: 'raw', text: '{"a":1}' },
      }),
    );
    expect(json.draft.body).toEqual({ mode: 'json', text: '{"a":1}' });
    const untyped = planEndpoint(parsed({ method: 'POST', body: { mode: 'raw', text: '[1,2]' } }));
    expect(untyped.draft.body).toEqual({ mode: 'json', text: '[1,2]' });
    const xml = planEndpoint(
      parsed({
        method: 'POST',
        headers: [{ name: 'content-type', value: 'text/xml' }],
        body: { mode: 'raw', text: '<a/>' },
      }),
    );
    expect(xml.draft.body).toEqual({ mode: 'text', text: '<a/>' });
  });

  it('maps urlencoded, multipart and file bodies', () => {
    expect(
      planEndpoint(parsed({ body: { mode: 'urlencoded', fields: [{ name: 'a', value: '1' }] } })).draft.body,
    ).toEqual({ mode: 'urlencoded', fields: [{ key: 'a', value: '1' }] });
    expect(
      planEndpoint(
        parsed({ body: { mode: 'multipart', parts: [{ name: 'f', file: './a.png', contentType: 'image/png' }] } }),
      ).draft.body,
    ).toEqual({ mode: 'multipart', parts: [{ name: 'f', file: './a.png', contentType: 'image/png' }] });
    expect(planEndpoint(parsed({ body: { mode: 'file', path: 'data.bin' } })).draft.body).toEqual({
      mode: 'file',
      path: 'data.bin',
    });
  });

  it('keeps a {{base_url}} URL as an origin placeholder', () => {
    const plan = planEndpoint(parsed({ url: '{{base_url}}/users' }));
    expect(plan.origin).toBe('{{base_url}}');
    expect(plan.draft.path).toBe('/users');
  });
});
