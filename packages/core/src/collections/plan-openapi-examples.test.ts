import { describe, expect, it } from 'vitest';
import { MAX_CONTRACT_BYTES } from '../examples/contract.js';
import { planOpenApi } from './plan-openapi.js';

const pet = { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, name: { type: 'string' } } };

function document(paths: Record<string, unknown>, schemas: Record<string, unknown> = {}) {
  return {
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1' },
    servers: [{ url: 'https://pets.example.com' }],
    components: { schemas },
    paths,
  };
}

const only = (plan: ReturnType<typeof planOpenApi>) => {
  const [endpoint] = plan.endpoints;
  if (endpoint === undefined) throw new Error('no endpoint planned');
  return endpoint.draft;
};

describe('OpenAPI import: response examples', () => {
  const draft = only(
    planOpenApi(
      document({
        '/pets/{id}': {
          get: {
            responses: {
              '200': {
                description: 'A pet',
                content: {
                  'application/json': {
                    example: { id: 1, name: 'Rex' },
                    examples: {
                      cat: { summary: 'A cat', value: { id: 2, name: 'Tom' } },
                      remote: { externalValue: 'https://example.com/pet.json' },
                      '200 OK': { value: { id: 3 } },
                    },
                  },
                  'text/plain': { example: 'Rex' },
                  'application/*': { example: 'any' },
                },
              },
              '404': { description: 'Gone', content: { 'application/problem+json': { example: { title: 'No pet' } } } },
              '4XX': { description: 'Refused', content: { 'application/json': { example: { error: 'bad' } } } },
              default: { description: 'Error', content: { 'application/json': { example: 'plain words' } } },
              'x-internal': { description: 'not a status' },
            },
          },
        },
      }),
    ),
  );

  it('makes an example of each example and examples entry, per status and media type, externalValue left out', () => {
    expect(draft.examples).toEqual([
      {
        name: '200 OK',
        status: 200,
        headers: [{ key: 'Content-Type', value: 'application/json' }],
        body: '{\n  "id": 1,\n  "name": "Rex"\n}',
      },
      {
        name: 'cat',
        status: 200,
        headers: [{ key: 'Content-Type', value: 'application/json' }],
        body: '{\n  "id": 2,\n  "name": "Tom"\n}',
      },
      {
        name: '200 OK 2',
        status: 200,
        headers: [{ key: 'Content-Type', value: 'application/json' }],
        body: '{\n  "id": 3\n}',
      },
      { name: '200 OK 3', status: 200, headers: [{ key: 'Content-Type', value: 'text/plain' }], body: 'Rex' },
      { name: '200 OK 4', status: 200, headers: [], body: 'any' },
      {
        name: '404 Not Found',
        status: 404,
        headers: [{ key: 'Content-Type', value: 'application/problem+json' }],
        body: '{\n  "title": "No pet"\n}',
      },
      {
        name: '400 Bad Request',
        status: 400,
        headers: [{ key: 'Content-Type', value: 'application/json' }],
        body: '{\n  "error": "bad"\n}',
      },
      {
        name: '500 Internal Server Error',
        status: 500,
        headers: [{ key: 'Content-Type', value: 'application/json' }],
        body: 'plain words',
      },
    ]);
  });

  it('gives default the success status when the operation names no other success', () => {
    const plan = planOpenApi(
      document({
        '/ping': {
          get: { responses: { default: { description: 'pong', content: { 'text/plain': { example: 'pong' } } } } },
        },
      }),
    );
    expect(only(plan).examples).toEqual([
      { name: '200 OK', status: 200, headers: [{ key: 'Content-Type', value: 'text/plain' }], body: 'pong' },
    ]);
  });

  it('reads Swagger 2.0 examples by media type', () => {
    const plan = planOpenApi({
      swagger: '2.0',
      info: { title: 'Pets', version: '1' },
      host: 'pets.example.com',
      paths: {
        '/pets': {
          get: {
            produces: ['application/json'],
            responses: { '200': { description: 'ok', schema: pet, examples: { 'application/json': [{ id: 1 }] } } },
          },
        },
      },
    });
    expect(only(plan).examples).toEqual([
      {
        name: '200 OK',
        status: 200,
        headers: [{ key: 'Content-Type', value: 'application/json' }],
        body: '[\n  {\n    "id": 1\n  }\n]',
      },
    ]);
  });

  it('skips an example the store would refuse and says why, keeping the others', () => {
    const plan = planOpenApi(
      document({
        '/pets': {
          get: {
            responses: {
              '200': { description: 'ok', content: { 'application/json': { examples: { ok: { value: 1 } } } } },
              '201': { description: 'ok', content: { 'text/plain': { example: 'x'.repeat(3 * 1024 * 1024) } } },
            },
          },
        },
      }),
    );
    expect(only(plan).examples?.map((example) => example.name)).toEqual(['ok']);
    expect(plan.skipped).toEqual([
      { item: 'GET GET /pets, example 2 "201 Created"', reason: expect.stringMatching(/characters long/) },
    ]);
  });
});

describe('OpenAPI import: the contract', () => {
  it('holds path-level and operation parameters, the request body and every response with headers and ranges', () => {
    const draft = only(
      planOpenApi(
        document(
          {
            '/pets/{id}': {
              parameters: [
                { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
                { name: 'X-Tenant', in: 'header', schema: { type: 'string' } },
              ],
              put: {
                parameters: [
                  { name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string', enum: ['a'] } },
                  { name: 'dry', in: 'query', schema: { type: 'boolean' } },
                  { name: 'session', in: 'cookie', schema: { type: 'string' } },
                  { name: 'filter', in: 'query', content: { 'application/json': { schema: { type: 'object' } } } },
                ],
                requestBody: {
                  required: true,
                  content: {
                    'application/json': { schema: { $ref: '#/components/schemas/Pet' }, example: { id: 1 } },
                    'application/x-www-form-urlencoded': { schema: { type: 'object' } },
                  },
                },
                responses: {
                  '200': {
                    description: 'Saved',
                    headers: { 'X-Rate-Limit': { required: true, schema: { type: 'integer' } } },
                    content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
                  },
                  '4XX': { description: 'Refused' },
                  default: { description: 'Error', content: { 'text/plain': {} } },
                },
              },
            },
          },
          { Pet: pet, Unused: { type: 'string' } },
        ),
      ),
    );
    expect(draft.contract).toEqual({
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
        { name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string', enum: ['a'] } },
        { name: 'dry', in: 'query', required: false, schema: { type: 'boolean' } },
        { name: 'filter', in: 'query', required: false, schema: { type: 'object' } },
      ],
      requestBody: {
        required: true,
        content: [
          { mediaType: 'application/json', schema: { $ref: '#/$defs/Pet' } },
          { mediaType: 'application/x-www-form-urlencoded', schema: { type: 'object' } },
        ],
      },
      responses: [
        {
          status: '200',
          description: 'Saved',
          headers: [{ name: 'X-Rate-Limit', required: true, schema: { type: 'integer' } }],
          content: [{ mediaType: 'application/json', schema: { $ref: '#/$defs/Pet' } }],
        },
        { status: '4XX', description: 'Refused', headers: [], content: [] },
        { status: 'default', description: 'Error', headers: [], content: [{ mediaType: 'text/plain' }] },
      ],
      defs: { Pet: pet },
    });
  });

  it("turns OpenAPI 3.0's dialect into JSON Schema 2020-12", () => {
    const schema = {
      type: 'object',
      properties: {
        nick: { type: 'string', nullable: true, example: 'Rex', 'x-internal': true },
        kind: { type: 'string', enum: ['cat', 'dog'], nullable: true },
        owner: { allOf: [{ type: 'object' }], nullable: true },
        age: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 30, exclusiveMaximum: false },
        tags: { type: 'array', items: [{ type: 'string' }] },
        example: { type: 'string', xml: { name: 'e' } },
      },
      discriminator: { propertyName: 'kind' },
      externalDocs: { url: 'https://example.com' },
      example: { nick: 'Rex' },
    };
    const draft = only(
      planOpenApi(
        document({
          '/pets': {
            get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } },
          },
        }),
      ),
    );
    expect(draft.contract?.responses[0]?.content[0]?.schema).toEqual({
      type: 'object',
      properties: {
        nick: { type: ['string', 'null'], examples: ['Rex'] },
        kind: { type: ['string', 'null'], enum: ['cat', 'dog', null] },
        owner: { anyOf: [{ allOf: [{ type: 'object' }] }, { type: 'null' }] },
        age: { type: 'integer', exclusiveMinimum: 0, maximum: 30 },
        tags: { type: 'array', prefixItems: [{ type: 'string' }] },
        example: { type: 'string' },
      },
      examples: [{ nick: 'Rex' }],
    });
  });

  it('ends every cycle of a dereferenced document at a def: named schemas by name, unnamed ones by a def of their own', () => {
    const node: Record<string, unknown> = { type: 'object', properties: {} };
    (node.properties as Record<string, unknown>).next = node;
    const loop: Record<string, unknown> = { type: 'object', properties: {} };
    (loop.properties as Record<string, unknown>).self = { type: 'array', items: loop };
    const draft = only(
      planOpenApi(
        document(
          {
            '/nodes': {
              post: {
                requestBody: { content: { 'application/json': { schema: loop } } },
                responses: { '200': { description: 'ok', content: { 'application/json': { schema: node } } } },
              },
            },
          },
          { Node: node },
        ),
      ),
    );
    expect(draft.contract?.responses[0]?.content[0]?.schema).toEqual({ $ref: '#/$defs/Node' });
    expect(draft.contract?.requestBody?.content[0]?.schema).toEqual({ $ref: '#/$defs/cycle-1' });
    expect(draft.contract?.defs).toEqual({
      Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } },
      'cycle-1': { type: 'object', properties: { self: { type: 'array', items: { $ref: '#/$defs/cycle-1' } } } },
    });
    expect(() => JSON.stringify(draft.contract)).not.toThrow();
  });

  it('reads Swagger 2.0 parameters, body, form and responses into the same contract', () => {
    const plan = planOpenApi({
      swagger: '2.0',
      info: { title: 'Pets', version: '1' },
      host: 'pets.example.com',
      consumes: ['application/json'],
      produces: ['application/json', 'application/xml'],
      definitions: { Pet: { ...pet, properties: { ...pet.properties, nick: { type: 'string', 'x-nullable': true } } } },
      paths: {
        '/pets/{id}': {
          post: {
            parameters: [
              { name: 'id', in: 'path', required: true, type: 'integer', minimum: 1, exclusiveMinimum: true },
              { name: 'tags', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'csv' },
              { name: 'body', in: 'body', required: true, schema: { $ref: '#/definitions/Pet' } },
            ],
            responses: {
              '200': {
                description: 'ok',
                schema: { $ref: '#/definitions/Pet' },
                headers: { 'X-Rate': { type: 'integer' } },
              },
            },
          },
        },
        '/pets/{id}/photo': {
          post: {
            parameters: [
              { name: 'id', in: 'path', required: true, type: 'integer' },
              { name: 'file', in: 'formData', required: true, type: 'file' },
              { name: 'note', in: 'formData', type: 'string' },
            ],
            responses: { '204': { description: 'stored' } },
          },
        },
      },
    });
    const [withBody, withForm] = plan.endpoints.map(({ draft }) => draft.contract);
    expect(withBody).toEqual({
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer', exclusiveMinimum: 1 } },
        { name: 'tags', in: 'query', required: false, schema: { type: 'array', items: { type: 'string' } } },
      ],
      requestBody: { required: true, content: [{ mediaType: 'application/json', schema: { $ref: '#/$defs/Pet' } }] },
      responses: [
        {
          status: '200',
          description: 'ok',
          headers: [{ name: 'X-Rate', required: false, schema: { type: 'integer' } }],
          content: [
            { mediaType: 'application/json', schema: { $ref: '#/$defs/Pet' } },
            { mediaType: 'application/xml', schema: { $ref: '#/$defs/Pet' } },
          ],
        },
      ],
      defs: {
        Pet: { ...pet, properties: { ...pet.properties, nick: { type: ['string', 'null'] } } },
      },
    });
    expect(withForm?.requestBody).toEqual({
      required: true,
      content: [
        {
          mediaType: 'multipart/form-data',
          schema: {
            type: 'object',
            properties: { file: { type: 'string', format: 'binary' }, note: { type: 'string' } },
            required: ['file'],
          },
        },
      ],
    });
  });

  it('leaves off a contract over the largest, with a warning naming the endpoint, and keeps the endpoint', () => {
    const huge = { type: 'string', description: 'x'.repeat(MAX_CONTRACT_BYTES) };
    const plan = planOpenApi(
      document({
        '/big': { get: { responses: { '200': { description: 'ok', content: { 'text/plain': { schema: huge } } } } } },
        '/small': { get: { responses: { '200': { description: 'ok' } } } },
      }),
    );
    expect(plan.endpoints.map(({ draft }) => [draft.path, draft.contract === undefined])).toEqual([
      ['/big', true],
      ['/small', false],
    ]);
    expect(plan.warnings).toContainEqual(
      expect.stringMatching(/^GET \/big: its contract was left off, .* over 1048576/),
    );
  });

  it('leaves off a contract whose schemas unfold past the limit instead of hanging', () => {
    // Each level names the one below twice: 2^40 schemas once unfolded.
    let level: Record<string, unknown> = { type: 'string' };
    for (let depth = 0; depth < 40; depth++) level = { type: 'object', properties: { a: level, b: level } };
    const plan = planOpenApi(
      document({
        '/deep': {
          get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: level } } } } },
        },
      }),
    );
    expect(only(plan).contract).toBeUndefined();
    expect(plan.warnings).toContainEqual(expect.stringMatching(/^GET \/deep: its contract was left off/));
  });
});
