import { describe, expect, it } from 'vitest';
import { planCollection } from './plan-collection.js';

/** A Postman v2.0 export whose URLs are objects of parts with no `raw` text, as older Postman apps wrote them. */
const v20Export = {
  info: {
    _postman_id: '5d1c6a7e-2f1b-4c55-9a5e-0d5b1d6f9b21',
    name: 'Parts',
    schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json',
  },
  item: [
    {
      name: 'List users',
      request: {
        url: {
          protocol: 'https',
          host: ['api', 'example', 'com'],
          path: ['v1', 'users'],
          query: [
            { key: 'page', value: '2', equals: true, description: '' },
            { key: 'debug', value: 'true', equals: true, description: '', disabled: true },
          ],
          variable: [],
        },
        method: 'GET',
        header: [{ key: 'Accept', value: 'application/json', description: '' }],
        body: {},
        description: '',
      },
      response: [],
    },
    {
      name: 'Get user',
      request: {
        url: {
          protocol: 'https',
          host: ['api', 'example', 'com'],
          path: ['v1', 'users', ':id'],
          query: [],
          variable: [{ key: 'id', value: '42', type: 'string' }],
        },
        method: 'GET',
        header: [],
        body: {},
      },
      response: [],
    },
    {
      name: 'Local health',
      request: {
        url: { protocol: 'http', host: 'localhost', port: '8080', path: 'health', query: [], variable: [] },
        method: 'GET',
        header: [],
      },
      response: [],
    },
    {
      name: 'Search',
      request: {
        url: {
          host: ['{{host}}'],
          path: ['search'],
          query: [
            { key: 'q', value: 'shoes' },
            { key: 'flag', value: null },
          ],
        },
        method: 'GET',
        header: [],
      },
      response: [],
    },
    {
      name: 'Create user',
      request: {
        url: { protocol: 'https', host: 'api.example.com', path: '/v1/users', query: [], variable: [] },
        method: 'POST',
        header: [{ key: 'Content-Type', value: 'application/json' }],
        body: { mode: 'raw', raw: '{"name":"Ada"}' },
      },
      response: [],
    },
  ],
};

describe('Postman URLs written as parts', () => {
  it('imports all five requests of a v2.0 export whose URLs have no raw text', () => {
    const plan = planCollection(v20Export);
    expect(plan.skipped).toEqual([]);
    expect(plan.baseUrl).toBe('https://api.example.com');
    expect(plan.variables).toEqual([{ key: 'id', value: '42' }]);
    expect(
      plan.endpoints.map(({ draft }) => ({ name: draft.name, path: draft.path, query: draft.queryParams })),
    ).toEqual([
      {
        name: 'List users',
        path: '/v1/users',
        query: [
          { key: 'page', value: '2' },
          { key: 'debug', value: 'true', enabled: false },
        ],
      },
      { name: 'Get user', path: '/v1/users/{{id}}', query: [] },
      { name: 'Local health', path: 'http://localhost:8080/health', query: [] },
      {
        name: 'Search',
        path: '/search',
        query: [
          { key: 'q', value: 'shoes' },
          { key: 'flag', value: '' },
        ],
      },
      { name: 'Create user', path: '/v1/users', query: [] },
    ]);
    // As for a raw `{{host}}/search`: the variable origin is not one the project can hold beside base_url.
    expect(plan.warnings).toEqual(['requests sent to {{host}} are kept relative to {{base_url}}']);
  });

  it('still skips, naming it, a request whose URL object has neither raw text nor host nor path', () => {
    const plan = planCollection({
      ...v20Export,
      item: [{ name: 'Empty', request: { url: { query: [] }, method: 'GET' } }],
    });
    expect(plan.endpoints).toEqual([]);
    expect(plan.skipped).toEqual([{ item: 'Empty', reason: 'its request has no URL' }]);
  });
});
