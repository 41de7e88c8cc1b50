import type { EndpointContract, EndpointExample, MockStartOptions } from '@client/core';
import { describe, expect, it } from 'vitest';
import { call, useMockFixture } from './mock-control.test-support.js';

const ITEM = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer', minimum: 1 },
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
  },
};

const CONTRACT: EndpointContract = {
  parameters: [
    { name: 'itemId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
    { name: 'verbose', in: 'query', required: false, schema: { type: 'boolean' } },
    {
      name: 'tags',
      in: 'query',
      required: false,
      schema: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
    },
    { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string', minLength: 3 } },
  ],
  requestBody: { required: false, content: [{ mediaType: 'application/json', schema: { $ref: '#/$defs/Item' } }] },
  responses: [
    {
      status: '200',
      headers: [{ name: 'X-Rate-Limit', required: false, schema: { type: 'integer', example: 60 } }],
      content: [{ mediaType: 'application/json', schema: { $ref: '#/$defs/Item' } }],
    },
    { status: '404', headers: [], content: [{ mediaType: 'application/json', schema: { type: 'object' } }] },
  ],
  defs: { Item: ITEM },
};

const EXAMPLES: EndpointExample[] = [
  {
    name: 'Created',
    status: 201,
    // Saved from a compressed response: the body is kept decoded, so the encoding must not be claimed again.
    headers: [
      { key: 'Location', value: '/items/9' },
      { key: 'Content-Encoding', value: 'gzip' },
    ],
    body: '{"id":9}',
  },
  { name: 'Gone', status: 410, headers: [], body: '{"gone":true}', mockStatus: 503 },
  { name: 'Slow', status: 202, headers: [], body: 'later', delay: { minMs: 60, maxMs: 60 } },
];

describe('a mock answering requests', () => {
  const fixture = useMockFixture();

  async function start(options: Partial<MockStartOptions> = {}) {
    const project = fixture.store.projects.create({ name: 'Answers', baseUrl: 'http://api.test' });
    fixture.store.endpoints.create(project.id, null, {
      name: 'Create item',
      method: 'POST',
      path: '/items',
      examples: EXAMPLES,
    });
    fixture.store.endpoints.create(project.id, null, {
      name: 'Get item',
      method: 'GET',
      path: '{{base_url}}/items/{itemId}',
      contract: CONTRACT,
    });
    fixture.store.endpoints.create(project.id, null, { name: 'Bare', method: 'GET', path: '/bare' });
    const mock = await fixture.control.start({ projectId: project.id, startedBy: 'person', ...options });
    return mock;
  }

  const trace = { 'x-trace': 'abc' };

  it('answers the lowest 2xx example, or the one Prefer names by code or name; mockStatus wins over status', async () => {
    const mock = await start();
    const created = await call(mock.url, '/items', { method: 'POST' });
    expect([created.status, created.headers.get('location'), created.text]).toEqual([201, '/items/9', '{"id":9}']);
    const gone = await call(mock.url, '/items', { method: 'POST', headers: { prefer: 'code=410' } });
    expect([gone.status, gone.text]).toEqual([503, '{"gone":true}']);
    const named = await call(mock.url, '/items', { method: 'POST', headers: { prefer: 'example=Gone' } });
    expect(named.status).toBe(503);
    const unknown = await call(mock.url, '/items', { method: 'POST', headers: { prefer: 'example=Nope' } });
    expect([unknown.status, unknown.json()]).toEqual([
      404,
      { code: 'NOT_FOUND', message: expect.stringContaining('its examples: "Created", "Gone", "Slow"') },
    ]);
    const noCode = await call(mock.url, '/items', { method: 'POST', headers: { prefer: 'code=418' } });
    expect([noCode.status, noCode.json()]).toEqual([
      404,
      { code: 'NOT_FOUND', message: expect.stringContaining('it answers: 201, 410, 202') },
    ]);
  });

  it("waits an example's delay, else the mock's, before answering", async () => {
    const mock = await start({ delay: { minMs: 30, maxMs: 40 } });
    await call(mock.url, '/items', { method: 'POST', headers: { prefer: 'example=Slow' } });
    await call(mock.url, '/items', { method: 'POST' });
    const [slow, created] = fixture.control.log(mock.id);
    expect(slow?.answer).toBe('Slow');
    expect(slow?.ms).toBeGreaterThanOrEqual(59);
    expect(created?.ms).toBeGreaterThanOrEqual(29);
  });

  it('builds an answer from the contract: a fixed body and headers from the schemas, random ones when asked', async () => {
    const mock = await start();
    const fixed = await call(mock.url, '/items/5', { headers: trace });
    expect([fixed.status, fixed.headers.get('content-type'), fixed.headers.get('x-rate-limit')]).toEqual([
      200,
      'application/json',
      '60',
    ]);
    expect(fixed.json()).toEqual({ id: 1, name: 'string', email: 'user@example.com' });
    const dynamic = await call(mock.url, '/items/5', { headers: { ...trace, prefer: 'dynamic=true' } });
    const item = dynamic.json() as { id: number; name: string; email: string };
    expect(item.id).toBeGreaterThanOrEqual(1);
    expect(item.email).toMatch(/^[^@\s]+@[^@\s]+$/);
    const notFound = await call(mock.url, '/items/5', { headers: { ...trace, prefer: 'code=404' } });
    expect([notFound.status, notFound.json()]).toEqual([404, {}]);
    expect(fixture.control.log(mock.id).map((entry) => entry.answer)).toEqual(['generated', 'generated', 'generated']);
  });

  it('answers 422 problem+json listing each broken parameter and body property, as Prism does', async () => {
    const mock = await start();
    const invalid = await call(mock.url, '/items/0?verbose=maybe&tags=a&tags=c');
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('content-type')).toBe('application/problem+json');
    expect(invalid.json()).toEqual({
      title: 'Invalid request',
      status: 422,
      detail: expect.any(String),
      validation: [
        {
          location: ['path', 'itemId'],
          severity: 'Error',
          code: 'minimum',
          message: 'Request path parameter itemId must be >= 1',
        },
        {
          location: ['query', 'verbose'],
          severity: 'Error',
          code: 'type',
          message: 'Request query parameter verbose must be boolean',
        },
        {
          location: ['query', 'tags', '1'],
          severity: 'Error',
          code: 'enum',
          message: 'Request query parameter tags.1 must be equal to one of the allowed values: a, b',
        },
        {
          location: ['header', 'x-trace'],
          severity: 'Error',
          code: 'required',
          message: 'Request header parameter x-trace is required',
        },
      ],
    });
    const valid = await call(mock.url, '/items/3?verbose=true&tags=a', { headers: trace });
    expect(valid.status).toBe(200);
  });

  it('checks a JSON body against its schema and refuses a media type the contract does not take', async () => {
    const project = fixture.store.projects.create({ name: 'Bodies' });
    fixture.store.endpoints.create(project.id, null, {
      name: 'Put item',
      method: 'PUT',
      path: '/items/:itemId',
      contract: { ...CONTRACT, parameters: [], responses: [{ status: '204', headers: [], content: [] }] },
    });
    const mock = await fixture.control.start({ projectId: project.id, startedBy: 'agent' });
    const put = (body: string, type = 'application/json') =>
      call(mock.url, '/items/1', { method: 'PUT', headers: { 'content-type': type }, body });
    expect((await put('{"id":2,"name":"Lamp"}')).status).toBe(204);
    const broken = await put('{"id":0}');
    expect((broken.json() as { validation: unknown[] }).validation).toEqual([
      {
        location: ['body'],
        severity: 'Error',
        code: 'required',
        message: "Request body must have required property 'name'",
      },
      {
        location: ['body', 'id'],
        severity: 'Error',
        code: 'minimum',
        message: 'Request body property id must be >= 1',
      },
    ]);
    expect((await put('{"id":')).status).toBe(422);
    expect((await put('<item/>', 'application/xml')).status).toBe(415);
  });

  it('answers anyway when started without validation', async () => {
    const mock = await start({ validate: false });
    expect(mock.validate).toBe(false);
    expect((await call(mock.url, '/items/0')).status).toBe(200);
  });

  it('answers 404 naming the closest routes, and 405 with Allow', async () => {
    const mock = await start();
    const missing = await call(mock.url, '/itemz', { method: 'POST' });
    expect([missing.status, missing.json()]).toEqual([
      404,
      {
        code: 'NOT_FOUND',
        message:
          'No endpoint of this mock answers POST /itemz; the closest: POST /items, GET /items/{itemId}, GET /bare',
        closest: [
          { method: 'POST', path: '/items' },
          { method: 'GET', path: '/items/{itemId}' },
          { method: 'GET', path: '/bare' },
        ],
      },
    ]);
    const wrong = await call(mock.url, '/items', { method: 'DELETE' });
    expect([wrong.status, wrong.headers.get('allow'), wrong.json()]).toEqual([
      405,
      'POST',
      {
        code: 'METHOD_NOT_ALLOWED',
        message: '/items answers POST, not DELETE',
        closest: [{ method: 'POST', path: '/items' }],
      },
    ]);
  });

  it('answers HEAD like GET without a body, and says so when an endpoint has nothing to answer with', async () => {
    const mock = await start();
    const get = await call(mock.url, '/items/5', { headers: trace });
    const head = await call(mock.url, '/items/5', { method: 'HEAD', headers: trace });
    expect([head.status, head.text, head.headers.get('content-length')]).toEqual([
      200,
      '',
      String(Buffer.byteLength(get.text)),
    ]);
    const bare = await call(mock.url, '/bare');
    expect([bare.status, bare.json()]).toEqual([
      501,
      { code: 'NOT_IMPLEMENTED', message: expect.stringContaining('"Bare"') },
    ]);
  });

  it('lets browsers from any origin call it by default: preflights answered, answers readable', async () => {
    const mock = await start();
    const preflight = await call(mock.url, '/items', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-trace',
      },
    });
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries([...preflight.headers].filter(([name]) => name.startsWith('access-control')))).toEqual({
      'access-control-allow-origin': 'http://localhost:5173',
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'content-type, x-trace',
      'access-control-max-age': '600',
    });
    const answer = await call(mock.url, '/items', { method: 'POST', headers: { origin: 'http://localhost:5173' } });
    expect([
      answer.headers.get('access-control-allow-origin'),
      answer.headers.get('access-control-expose-headers'),
    ]).toEqual(['http://localhost:5173', 'Location']);
    const sameOrigin = await call(mock.url, '/items', { method: 'POST' });
    expect(sameOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets only the listed origins in when it is given a list', async () => {
    const mock = await start({ corsOrigins: ['http://localhost:3000'] });
    const allowed = await call(mock.url, '/items', { method: 'POST', headers: { origin: 'http://localhost:3000' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const other = await call(mock.url, '/items', { method: 'POST', headers: { origin: 'http://evil.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await call(mock.url, '/items', {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'POST' },
    });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([403, null]);
  });

  it('refuses a delay or an origin list it cannot use, with VALIDATION', async () => {
    const project = fixture.store.projects.create({ name: 'Checked' });
    await expect(
      fixture.control.start({ projectId: project.id, startedBy: 'agent', delay: { minMs: 50, maxMs: 10 } }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(
      fixture.control.start({ projectId: project.id, startedBy: 'agent', corsOrigins: [''] }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});

describe('a mock generating random answers', () => {
  const fixture = useMockFixture();

  it('leaves write-only properties out of what it generates, as it does of fixed answers', async () => {
    const project = fixture.store.projects.create({ name: 'Accounts' });
    const account = {
      type: 'object',
      required: ['name', 'password'],
      properties: { name: { type: 'string' }, password: { type: 'string', writeOnly: true } },
    };
    fixture.store.endpoints.create(project.id, null, {
      name: 'Account',
      method: 'GET',
      path: '/account',
      contract: {
        parameters: [],
        responses: [{ status: '200', headers: [], content: [{ mediaType: 'application/json', schema: account }] }],
        defs: {},
      },
    });
    const mock = await fixture.control.start({ projectId: project.id, startedBy: 'person' });
    const fixed = (await call(mock.url, '/account')).json();
    const dynamic = (await call(mock.url, '/account', { headers: { prefer: 'dynamic=true' } })).json();
    expect(fixed).toEqual({ name: 'string' });
    expect(Object.keys(dynamic as object)).toEqual(['name']);
  });
});

describe('a mock of an endpoint with both examples and a contract', () => {
  const fixture = useMockFixture();

  it("answers a saved 2xx example before generating the contract's lowest 2xx, which Prefer: code still reaches", async () => {
    const project = fixture.store.projects.create({ name: 'Saved' });
    fixture.store.endpoints.create(project.id, null, {
      name: 'Create',
      method: 'POST',
      path: '/things',
      examples: [{ name: 'Accepted', status: 202, headers: [], body: '{"queued":true}' }],
      contract: {
        parameters: [],
        responses: [
          { status: '201', headers: [], content: [{ mediaType: 'application/json', schema: { const: 'created' } }] },
          { status: '202', headers: [], content: [{ mediaType: 'application/json', schema: { type: 'object' } }] },
        ],
        defs: {},
      },
    });
    const mock = await fixture.control.start({ projectId: project.id, startedBy: 'person' });
    const saved = await call(mock.url, '/things', { method: 'POST' });
    expect([saved.status, saved.text]).toEqual([202, '{"queued":true}']);
    const generated = await call(mock.url, '/things', { method: 'POST', headers: { prefer: 'code=201' } });
    expect([generated.status, generated.text]).toEqual([201, '"created"']);
  });
});
