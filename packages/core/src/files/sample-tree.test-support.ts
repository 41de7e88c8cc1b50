import type { ProjectTree } from './project-tree.js';

/** A small project that uses every kind of field the files hold. */
export function sampleTree(): ProjectTree {
  return {
    name: 'Shop',
    description: 'The shop API.\nUsed by the web and mobile apps.\n',
    requestSettings: { timeoutMs: 30_000, verifyTls: false },
    auth: { type: 'bearer', token: '{{token}}' },
    scripts: { from: 'postman', preRequest: "pm.variables.set('t', Date.now());\n", postResponse: '', tests: '' },
    variables: [
      { key: 'base_url', value: 'https://api.example.com' },
      { key: 'old', value: 'x', enabled: false },
    ],
    folders: [
      { path: ['Users'], description: 'People who buy.', auth: { type: 'inherit' } },
      { path: ['Users', 'Admin'], auth: { type: 'basic', username: 'admin', password: '{{admin_password}}' } },
    ],
    endpoints: [
      {
        folder: [],
        endpoint: {
          name: 'Health',
          method: 'GET',
          path: '/health',
          queryParams: [],
          headers: [],
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
          queryParams: [
            { key: 'notify', value: 'true' },
            { key: 'dry', value: '', equals: true },
            { key: 'debug', value: '1', enabled: false },
          ],
          headers: [
            { key: 'Content-Type', value: 'application/json' },
            { key: 'X-Trace', value: '{{trace}}', enabled: false },
          ],
          body: { mode: 'json', text: '{\n  "name": "Ada",\n  "age": 36\n}\n' },
          auth: { type: 'inherit' },
          state: 'Developing',
          settings: { followRedirects: false, proxy: { mode: 'url', url: 'http://proxy:3128', noProxy: 'localhost' } },
          description: 'Creates a user.\n\nReturns its id.',
          scripts: {
            from: 'bruno',
            preRequest: '',
            postResponse: "bru.setVar('id', res.body.id);\n",
            tests: "test('created', () => expect(res.status).to.equal(201));\n",
          },
          tests: [
            { source: 'status', property: '', operator: 'eq', value: '201' },
            { source: 'jsonpath', property: '$.id', operator: 'exists', value: '' },
            { source: 'header', property: 'Location', operator: 'matches', value: '^/users/', enabled: false },
          ],
          examples: [
            {
              name: 'Created',
              status: 201,
              headers: [{ key: 'Content-Type', value: 'application/json' }],
              body: '{"id": 7}',
              delay: { minMs: 10, maxMs: 50 },
            },
            { name: 'Conflict', status: 409, headers: [], body: '', mockStatus: 500 },
          ],
          contract: {
            parameters: [{ name: 'notify', in: 'query', required: false, schema: { type: 'boolean' } }],
            requestBody: {
              required: true,
              content: [{ mediaType: 'application/json', schema: { $ref: '#/$defs/NewUser' } }],
            },
            responses: [{ status: '201', description: 'Created', headers: [], content: [] }],
            defs: { NewUser: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
          },
        },
      },
      {
        folder: ['Users', 'Admin'],
        endpoint: {
          name: 'Upload avatar',
          method: 'PUT',
          path: '/users/{{id}}/avatar',
          queryParams: [],
          headers: [],
          body: {
            mode: 'multipart',
            parts: [
              { name: 'file', file: 'avatars/ada.png', contentType: 'image/png' },
              { name: 'note', value: 'hello' },
              { name: 'old', value: 'x', enabled: false },
            ],
          },
          auth: {
            type: 'oauth2',
            grant: 'authorizationCode',
            authorizationUrl: 'https://auth.example.com/authorize',
            tokenUrl: 'https://auth.example.com/token',
            clientId: 'shop',
            clientSecret: '',
            scope: 'users:write',
          },
          state: 'Testing',
        },
      },
    ],
    environments: [
      {
        name: 'Staging',
        variables: [
          { key: 'base_url', value: 'https://staging.example.com', secret: false },
          { key: 'token', value: '', secret: true, allowedHosts: ['staging.example.com'] },
          { key: 'trace', value: 'on', secret: false, enabled: false },
        ],
      },
    ],
  };
}
