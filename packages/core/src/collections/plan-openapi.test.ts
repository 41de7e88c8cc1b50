import { describe, expect, it } from 'vitest';
import { planCollection } from './plan-collection.js';

const document = {
  openapi: '3.1.0',
  info: { title: 'Shop', version: '1', description: 'Sells things' },
  servers: [{ url: 'https://{region}.shop.example.com/v1', variables: { region: { default: 'eu' } } }],
  tags: [{ name: 'Orders', description: 'Placing and tracking orders' }, { name: 'Empty' }],
  components: { securitySchemes: { token: { type: 'http', scheme: 'bearer' } } },
  security: [{ token: [] }],
  paths: {
    '/orders/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, example: 7 }],
      get: {
        tags: ['Orders'],
        summary: 'Get order',
        description: 'Returns the order with its **lines**.',
        parameters: [
          { name: 'expand', in: 'query', schema: { type: 'string', enum: ['lines'] } },
          { name: 'X-Trace', in: 'header', required: true },
          { name: 'optional', in: 'query' },
        ],
      },
    },
    '/orders': {
      post: {
        tags: ['Orders'],
        summary: `${'Creates an order. '.repeat(20)}`.trim(),
        security: [],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { sku: { type: 'string', example: 'A1' }, n: { type: 'integer' } },
              },
            },
          },
        },
      },
    },
  },
};

describe('planOpenApi', () => {
  it('turns servers into base_url, tags into described folders, operations into described endpoints', () => {
    const plan = planCollection(document);
    expect(plan).toMatchObject({
      format: 'openapi',
      name: 'Shop',
      description: 'Sells things',
      baseUrl: 'https://eu.shop.example.com/v1',
      folders: [['Orders'], ['Empty']],
      folderDescriptions: [{ path: ['Orders'], description: 'Placing and tracking orders' }],
      variables: [{ key: 'id', value: '7' }],
    });
    const [get, post] = plan.endpoints;
    expect(get).toEqual({
      folder: ['Orders'],
      draft: {
        name: 'Get order',
        method: 'GET',
        path: '/orders/{{id}}',
        queryParams: [{ key: 'expand', value: 'lines' }],
        headers: [{ key: 'X-Trace', value: '' }],
        body: { mode: 'none' },
        auth: { type: 'bearer', token: '{{token}}' },
        state: 'Designing',
        description: 'Returns the order with its **lines**.',
        contract: {
          parameters: [
            { name: 'id', in: 'path', required: true },
            { name: 'expand', in: 'query', required: false, schema: { type: 'string', enum: ['lines'] } },
            { name: 'X-Trace', in: 'header', required: true },
            { name: 'optional', in: 'query', required: false },
          ],
          responses: [],
          defs: {},
        },
      },
    });
    expect(post?.draft).toMatchObject({
      method: 'POST',
      path: '/orders',
      auth: { type: 'none' },
      headers: [{ key: 'Content-Type', value: 'application/json' }],
    });
    expect(JSON.parse(post?.draft.body.mode === 'json' ? post.draft.body.text : '')).toEqual({ sku: 'A1', n: 0 });
    // A summary too long to be a name is cut in the name and kept whole as the description.
    expect(post?.draft.name.endsWith('…')).toBe(true);
    expect(post?.draft.description).toBe(document.paths['/orders'].post.summary);
  });

  it('reads Swagger 2.0: host and basePath, body parameters, form fields', () => {
    const plan = planCollection({
      swagger: '2.0',
      info: { title: 'Pets', version: '1' },
      host: 'pets.example.com',
      basePath: '/v2/',
      schemes: ['https'],
      paths: {
        '/pet': {
          post: {
            summary: 'Add pet',
            description: 'Adds a pet to the store',
            consumes: ['application/json'],
            parameters: [
              { in: 'body', name: 'body', schema: { type: 'object', properties: { name: { example: 'rex' } } } },
            ],
          },
        },
        '/pet/{id}/photo': {
          post: {
            operationId: 'uploadPhoto',
            parameters: [
              { in: 'path', name: 'id', required: true, type: 'integer' },
              { in: 'formData', name: 'file', type: 'file' },
              { in: 'formData', name: 'note', type: 'string', default: 'hi' },
            ],
          },
        },
      },
    });
    expect(plan.format).toBe('swagger');
    expect(plan.baseUrl).toBe('https://pets.example.com/v2');
    expect(plan.endpoints.map(({ draft }) => [draft.name, draft.path, draft.body.mode, draft.description])).toEqual([
      ['Add pet', '/pet', 'json', 'Adds a pet to the store'],
      ['uploadPhoto', '/pet/{{id}}/photo', 'multipart', undefined],
    ]);
  });

  it('skips callbacks and webhooks with the reason', () => {
    const plan = planCollection({
      openapi: '3.1.0',
      info: { title: 'Hooks', version: '1' },
      webhooks: { newPet: { post: {} } },
      paths: { '/subscribe': { post: { callbacks: { onEvent: {} } } } },
    });
    expect(plan.skipped.map((entry) => entry.item)).toEqual(['callback onEvent of POST /subscribe', 'webhook newPet']);
    expect(plan.warnings).toContain('the document names no server; set base_url in the project before sending');
  });

  it('sends an operation with servers of its own (of its own or of its path item) to that server, not base_url', () => {
    const plan = planCollection({
      openapi: '3.1.0',
      info: { title: 'Auth', version: '1' },
      servers: [{ url: 'https://api.example.com' }],
      paths: {
        '/token': {
          servers: [{ url: 'https://{tenant}.auth.example.com', variables: { tenant: { default: 'acme' } } }],
          post: { summary: 'Token', responses: {} },
        },
        '/me': { get: { summary: 'Me', servers: [{ url: 'https://id.example.com/v2/' }], responses: {} } },
        '/orders': { get: { summary: 'Orders', servers: [{ url: 'https://api.example.com' }], responses: {} } },
      },
    });
    expect(plan.baseUrl).toBe('https://api.example.com');
    expect(plan.endpoints.map(({ draft }) => draft.path)).toEqual([
      'https://acme.auth.example.com/token',
      'https://id.example.com/v2/me',
      '/orders',
    ]);
  });
});
