import type { ProjectTree } from '@client/core';

/** For tests: a project tree that uses every field the model has, for round trips through the store and the files. */
export function fullTree(): ProjectTree {
  return {
    name: 'Shop',
    description: 'The shop API\nwith two lines',
    requestSettings: { timeoutMs: 5000, followRedirects: false },
    auth: { type: 'bearer', token: '{{token}}' },
    scripts: { from: 'postman', preRequest: 'pm.variables.set("a", 1);', postResponse: '', tests: '' },
    variables: [
      { key: 'base_url', value: 'https://shop.example.com' },
      { key: 'off', value: 'x', enabled: false },
    ],
    folders: [
      { path: ['Users'], description: 'People', auth: { type: 'basic', username: 'u', password: '{{pw}}' } },
      {
        path: ['Users', 'Admin'],
        scripts: { from: 'bruno', preRequest: '', postResponse: 'bru.setVar("b", 2);', tests: '' },
      },
      { path: ['Orders'] },
    ],
    endpoints: [
      {
        folder: [],
        endpoint: {
          name: 'Health',
          method: 'GET',
          path: '/health',
          queryParams: [
            { key: 'verbose', value: '', equals: true },
            { key: 'off', value: '1', enabled: false },
          ],
          headers: [{ key: 'Accept', value: 'application/json' }],
          body: { mode: 'none' },
          auth: { type: 'none' },
          state: 'Released',
        },
      },
      {
        folder: ['Users'],
        endpoint: {
          name: 'Create user',
          method: 'POST',
          path: '/users',
          queryParams: [],
          headers: [{ key: 'Content-Type', value: 'application/json' }],
          body: { mode: 'json', text: '{\n  "name": "Ada"\n}' },
          auth: { type: 'inherit' },
          state: 'Developing',
          settings: { timeoutMs: 1000 },
          description: '# Create\nMakes a user.',
          scripts: { from: 'postman', preRequest: '', postResponse: '', tests: 'pm.test("ok", () => {});' },
          tests: [{ source: 'status', property: '', operator: 'eq', value: '201' }],
          examples: [{ name: 'Created', status: 201, headers: [], body: '{"id":1}' }],
          contract: {
            parameters: [],
            responses: [{ status: '201', description: 'Created', headers: [], content: [] }],
            defs: {},
          },
        },
      },
      {
        folder: ['Users', 'Admin'],
        endpoint: {
          name: 'Upload',
          method: 'PUT',
          path: '/users/{{id}}/avatar',
          queryParams: [],
          headers: [],
          body: {
            mode: 'multipart',
            parts: [
              { name: 'note', value: 'hi' },
              { name: 'off', value: 'x', enabled: false },
            ],
          },
          auth: { type: 'apiKey', key: 'X-Key', value: '{{key}}', in: 'header' },
          state: 'Testing',
        },
      },
      {
        folder: ['Orders'],
        endpoint: {
          name: 'Search',
          method: 'POST',
          path: '/orders/search',
          queryParams: [],
          headers: [],
          body: { mode: 'urlencoded', fields: [{ key: 'q', value: 'shoes' }] },
          auth: { type: 'inherit' },
          state: 'Designing',
        },
      },
    ],
    environments: [
      {
        name: 'Production',
        variables: [
          { key: 'base_url', value: 'https://shop.example.com', secret: false },
          { key: 'token', value: '', secret: true, allowedHosts: ['shop.example.com'] },
        ],
      },
      { name: 'Staging', variables: [{ key: 'token', value: '', secret: true, enabled: false, allowedHosts: [] }] },
    ],
  };
}
