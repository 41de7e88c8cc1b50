import { describe, expect, it } from 'vitest';
import { exportOpenApi } from './export-openapi.js';
import { exportPostman } from './export-postman.js';
import type { ImportPlan } from './import-plan.js';
import { planCollection } from './plan-collection.js';
import { snapshotOf } from './plan-snapshot.test-support.js';

/** What a round trip must keep of each endpoint: its examples and its contract, by method and path. */
const kept = (plan: ImportPlan) =>
  plan.endpoints.map(({ draft }) => ({
    endpoint: `${draft.method} ${draft.path}`,
    examples: draft.examples,
    contract: draft.contract,
  }));

const again = (document: unknown) => planCollection(JSON.parse(JSON.stringify(document)));

const OPENAPI = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://pets.example.com/v1' }],
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer', format: 'int64', minimum: 0, exclusiveMinimum: true },
          name: { type: 'string', example: 'Rex' },
          nick: { type: 'string', nullable: true },
          owner: { $ref: '#/components/schemas/Person' },
        },
      },
      Person: {
        type: 'object',
        properties: { name: { type: 'string' }, pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
      },
      Problem: { type: 'object', properties: { title: { type: 'string' } } },
    },
  },
  paths: {
    '/pets': {
      parameters: [{ name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string' } }],
      get: {
        summary: 'List pets',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100 } }],
        responses: {
          '200': {
            description: 'The pets',
            headers: { 'X-Next': { schema: { type: 'string', format: 'uri' } } },
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
                example: [{ id: 1, name: 'Rex' }],
                examples: {
                  empty: { summary: 'No pets', value: [] },
                  far: { externalValue: 'https://example.com/pets.json' },
                },
              },
              'text/csv': { example: 'id,name\n1,Rex' },
            },
          },
          '4XX': {
            description: 'Refused',
            content: {
              'application/problem+json': {
                schema: { $ref: '#/components/schemas/Problem' },
                example: { title: 'No' },
              },
            },
          },
          default: { description: 'Broken', content: { 'application/json': { example: { title: 'Down' } } } },
        },
      },
      post: {
        summary: 'Add pet',
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/Pet' }, example: { id: 2, name: 'Tom' } },
          },
        },
        responses: {
          '201': {
            description: 'Added',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Pet' },
                examples: { tom: { value: { id: 2, name: 'Tom' } } },
              },
            },
          },
        },
      },
    },
    '/pets/{id}': {
      get: {
        summary: 'Get pet',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          default: { description: 'The pet', content: { 'application/json': { example: { id: 1, name: 'Rex' } } } },
        },
      },
    },
  },
};

describe('examples and contracts through export and import again', () => {
  it('keeps every example and the whole contract of an OpenAPI document through an OpenAPI export', () => {
    const first = planCollection(OPENAPI);
    expect(first.endpoints.every(({ draft }) => draft.contract !== undefined)).toBe(true);
    expect(first.endpoints.flatMap(({ draft }) => draft.examples ?? []).map((example) => example.name)).toEqual([
      '200 OK',
      'empty',
      '200 OK 2',
      '400 Bad Request',
      '500 Internal Server Error',
      'tom',
      '200 OK',
    ]);
    const exported = exportOpenApi(snapshotOf(first));
    expect(kept(again(exported.document))).toEqual(kept(first));
  });

  it('writes examples as named examples of their status and media type, JSON as JSON, and the defs as components', () => {
    const { document } = exportOpenApi(snapshotOf(planCollection(OPENAPI)));
    const list = (document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)['/pets']
      ?.get?.responses;
    expect(list?.['200']).toEqual({
      description: 'The pets',
      headers: { 'X-Next': { schema: { type: 'string', format: 'uri' } } },
      content: {
        'application/json': {
          schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
          examples: { '200 OK': { value: [{ id: 1, name: 'Rex' }] }, empty: { value: [] } },
        },
        'text/csv': { examples: { '200 OK 2': { value: 'id,name\n1,Rex' } } },
      },
    });
    expect(Object.keys(list ?? {})).toEqual(['200', '4XX', 'default']);
    expect((document.components as { schemas: Record<string, unknown> }).schemas).toEqual({
      Pet: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer', format: 'int64', exclusiveMinimum: 0 },
          name: { type: 'string', examples: ['Rex'] },
          nick: { type: ['string', 'null'] },
          owner: { $ref: '#/components/schemas/Person' },
        },
      },
      Person: {
        type: 'object',
        properties: { name: { type: 'string' }, pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
      },
      Problem: { type: 'object', properties: { title: { type: 'string' } } },
    });
  });

  it('keeps the examples and contract of a Swagger 2.0 document through an OpenAPI 3.1 export', () => {
    const first = planCollection({
      swagger: '2.0',
      info: { title: 'Pets', version: '1' },
      host: 'pets.example.com',
      produces: ['application/json'],
      definitions: {
        Pet: { type: 'object', properties: { id: { type: 'integer' }, tag: { type: 'string', 'x-nullable': true } } },
      },
      paths: {
        '/pets': {
          post: {
            consumes: ['application/json'],
            parameters: [
              { name: 'body', in: 'body', required: true, schema: { $ref: '#/definitions/Pet' } },
              { name: 'dry', in: 'query', type: 'boolean' },
            ],
            responses: {
              '200': {
                description: 'ok',
                schema: { $ref: '#/definitions/Pet' },
                examples: { 'application/json': { id: 1 } },
              },
            },
          },
        },
      },
    });
    expect(first.endpoints[0]?.draft.examples).toHaveLength(1);
    expect(kept(again(exportOpenApi(snapshotOf(first)).document))).toEqual(kept(first));
  });

  it('gives examples written by the person a response of their status, a JSON body as JSON', () => {
    const plan = planCollection(OPENAPI);
    const snapshot = snapshotOf(plan);
    const [list] = snapshot.endpoints;
    if (list === undefined) throw new Error('the document has endpoints');
    list.examples = [
      ...(list.examples ?? []),
      { name: 'Teapot', status: 418, headers: [], body: '{"short":true}' },
      { name: 'Words', status: 418, headers: [], body: 'not json' },
    ];
    const { document } = exportOpenApi(snapshot);
    const responses = (document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[
      '/pets'
    ]?.get?.responses;
    expect(responses?.['418']).toEqual({
      description: "418 I'm a Teapot",
      content: {
        'application/json': { examples: { Teapot: { value: { short: true } } } },
        'text/plain': { examples: { Words: { value: 'not json' } } },
      },
    });
    const back = again(document).endpoints[0]?.draft.examples?.filter((example) => example.status === 418);
    expect(back).toEqual([
      {
        name: 'Teapot',
        status: 418,
        headers: [{ key: 'Content-Type', value: 'application/json' }],
        body: '{\n  "short": true\n}',
      },
      { name: 'Words', status: 418, headers: [{ key: 'Content-Type', value: 'text/plain' }], body: 'not json' },
    ]);
  });

  it('gives two endpoints whose defs share a name but differ components of their own', () => {
    const plan = planCollection(OPENAPI);
    const snapshot = snapshotOf(plan);
    const [, add] = snapshot.endpoints;
    if (add?.contract === undefined) throw new Error('the document has a contract for POST /pets');
    add.contract = { ...add.contract, defs: { ...add.contract.defs, Problem: { type: 'string' } } };
    add.contract.responses = [
      ...add.contract.responses,
      { status: '409', headers: [], content: [{ mediaType: 'application/json', schema: { $ref: '#/$defs/Problem' } }] },
    ];
    const { document } = exportOpenApi(snapshot);
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    expect(schemas.Problem).toEqual({ type: 'object', properties: { title: { type: 'string' } } });
    expect(schemas['Problem-2']).toEqual({ type: 'string' });
    expect(JSON.stringify(document.paths)).toContain(
      '"409":{"description":"","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Problem-2"}}}}',
    );
  });
});

const POSTMAN = {
  info: { name: 'Echo', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  item: [
    {
      name: 'Get echo',
      request: { method: 'GET', url: 'https://echo.example.com/get?a=1', header: [] },
      response: [
        {
          name: 'Found',
          originalRequest: { method: 'GET', url: 'https://echo.example.com/get?a=1' },
          status: 'OK',
          code: 200,
          _postman_previewlanguage: 'json',
          header: [
            { key: 'Content-Type', value: 'application/json' },
            { key: 'X-Off', value: '1', disabled: true },
            { key: '', value: 'a row without a name' },
          ],
          cookie: [],
          body: '{"args":{"a":"1"}}',
        },
        { name: '', status: 'Not Found', code: 404, header: null, body: 'nope' },
        { name: 'No code', status: 'OK', header: [], body: '' },
      ],
    },
  ],
};

describe('Postman saved responses', () => {
  it('become examples: name (or status), code, headers, body; one without a code is skipped with the reason', () => {
    const plan = planCollection(POSTMAN);
    expect(plan.endpoints[0]?.draft.examples).toEqual([
      {
        name: 'Found',
        status: 200,
        headers: [
          { key: 'Content-Type', value: 'application/json' },
          { key: 'X-Off', value: '1', enabled: false },
        ],
        body: '{"args":{"a":"1"}}',
      },
      { name: '404 Not Found', status: 404, headers: [], body: 'nope' },
    ]);
    expect(plan.skipped).toEqual([
      { item: 'GET Get echo, example 3 "No code"', reason: expect.stringMatching(/status must be a whole number/) },
    ]);
  });

  it('are written back as saved responses with their original request, and read back the same', () => {
    const first = planCollection(POSTMAN);
    const { document } = exportPostman(snapshotOf(first));
    const [item] = (document as { item: { request: unknown; response: Record<string, unknown>[] }[] }).item;
    expect(item?.response[0]).toEqual({
      name: 'Found',
      originalRequest: item?.request,
      status: 'OK',
      code: 200,
      _postman_previewlanguage: 'json',
      header: [
        { key: 'Content-Type', value: 'application/json' },
        { key: 'X-Off', value: '1', disabled: true },
      ],
      cookie: [],
      body: '{"args":{"a":"1"}}',
    });
    expect(kept(again(document))).toEqual(kept(first));
  });

  it('of Postman v2.0 come back through a v2.1 export', () => {
    const v20 = {
      info: { name: 'Echo', schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json' },
      item: [
        {
          name: 'Status',
          request: { method: 'GET', url: 'https://echo.example.com/status/401' },
          response: [
            {
              name: '401',
              status: 'Unauthorized',
              code: 401,
              header: [{ key: 'WWW-Authenticate', value: 'Basic' }],
              body: '',
            },
          ],
        },
      ],
    };
    const first = planCollection(v20);
    expect(first.endpoints[0]?.draft.examples).toEqual([
      { name: '401', status: 401, headers: [{ key: 'WWW-Authenticate', value: 'Basic' }], body: '' },
    ]);
    expect(kept(again(exportPostman(snapshotOf(first)).document))).toEqual(kept(first));
  });
});
