import { join, resolve } from 'node:path';
import { createMockControl, type MockControl } from '@client/app';
import type { Endpoint, JsonSchema } from '@client/core';
import { openStore, type Store } from '@client/store';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAppProcesses, createDataDir, runClientCommand } from './support/app-process.js';
import { testPorts } from './support/port-range.js';
import { type PrismMock, startPrism } from './support/prism-process.js';
import { SHARED } from './support/shared-collections.js';

/*
 * The same OpenAPI documents mocked by Prism 5 and, imported by `client import`, by a Client mock; the same requests sent to both: the statuses
 * must agree, and so must the bodies where both answer an example (or, for a 422, the list of what is wrong).
 * Bodies generated from schemas are checked against the schema, both of them. Where the two differ on purpose,
 * README.md's "Mocks: how they differ from Prism" says so.
 */

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) ajv.addFormat(format, true);

interface Probe {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  status: number;
  /** `example`: both bodies equal; `schema`: both hold to the endpoint's response schema; `violations`: same list. */
  compare?: 'example' | 'schema' | 'violations';
  /** The path, as imported, of the endpoint (with the probe's method) whose response schema `schema` checks against. */
  endpointPath?: string;
}

interface Answer {
  status: number;
  text: string;
  contentType: string | null;
}

async function send(url: string, probe: Probe, extraHeaders: Record<string, string>): Promise<Answer> {
  const headers: Record<string, string> = { ...extraHeaders, ...probe.headers };
  let body: string | undefined;
  if (probe.body !== undefined) {
    body = typeof probe.body === 'string' ? probe.body : JSON.stringify(probe.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${url}${probe.path}`, { method: probe.method, headers, body });
  return { status: response.status, text: await response.text(), contentType: response.headers.get('content-type') };
}

function violations(text: string): string[] {
  const problem = JSON.parse(text) as { validation?: { location?: string[]; code: string }[] };
  return (problem.validation ?? [])
    .map((item) => `${(item.location ?? []).join('.').toLowerCase()} ${item.code}`)
    .sort();
}

function responseSchema(endpoints: Endpoint[], method: string, path: string, status: number): JsonSchema {
  const endpoint = endpoints.find((candidate) => candidate.method === method && candidate.path === path);
  const response = endpoint?.contract?.responses.find(
    (candidate) => candidate.status === String(status) || candidate.status === 'default',
  );
  const schema = response?.content[0]?.schema;
  if (endpoint?.contract === undefined || schema === undefined)
    throw new Error(`${method} ${path} ${status} has no schema`);
  return typeof schema === 'boolean' ? schema : { ...schema, $defs: endpoint.contract.defs };
}

interface Pair {
  prism: PrismMock;
  ours: string;
  endpoints: Endpoint[];
}

/**
 * Starts Prism on one document, and beside it imports the same document with `client import` (its examples and
 * contracts kept) and starts a Client mock of the project.
 */
function useBothMocks(document: string, slot: number): { pair: () => Pair } {
  let pair: Pair | undefined;
  let store: Store | undefined;
  let control: MockControl | undefined;
  beforeAll(async () => {
    const ports = testPorts();
    const prismPort = ports[slot * 2] ?? 0;
    const ourPort = ports[slot * 2 + 1] ?? 0;
    const startOurs = async () => {
      const dataDir = createDataDir();
      const imported = await runClientCommand(['import', document], { dataDir });
      if (imported.code !== 0) throw new Error(`client import failed: ${imported.stderr}`);
      const { projectId } = JSON.parse(imported.stdout) as { projectId: string };
      store = openStore(join(dataDir, 'client.db'));
      control = createMockControl({ store });
      const mock = await control.start({ projectId, port: ourPort, startedBy: 'person' });
      return { url: mock.url, endpoints: store.endpoints.list(projectId) };
    };
    const [prism, ours] = await Promise.all([startPrism(document, prismPort), startOurs()]);
    pair = { prism, ours: ours.url, endpoints: ours.endpoints };
  }, 90_000);
  afterAll(async () => {
    await pair?.prism.stop();
    await control?.stopAll();
    await store?.close();
    await cleanupAppProcesses();
  });
  return {
    pair: () => {
      if (pair === undefined) throw new Error('the mocks did not start');
      return pair;
    },
  };
}

function compareAll(mocks: { pair: () => Pair }, probes: Probe[], extraHeaders: Record<string, string> = {}): void {
  it.each(probes)('$name: $method $path → $status from both', async (probe) => {
    const { prism, ours, endpoints } = mocks.pair();
    const [theirs, mine] = await Promise.all([send(prism.url, probe, extraHeaders), send(ours, probe, extraHeaders)]);
    expect({ prism: theirs.status, ours: mine.status }).toEqual({ prism: probe.status, ours: probe.status });
    if (probe.compare === 'example') {
      expect(mine.text === '' ? '' : JSON.parse(mine.text)).toEqual(theirs.text === '' ? '' : JSON.parse(theirs.text));
    } else if (probe.compare === 'violations') {
      expect(violations(mine.text)).toEqual(violations(theirs.text));
    } else if (probe.compare === 'schema') {
      const validate = ajv.compile(responseSchema(endpoints, probe.method, probe.endpointPath ?? '', probe.status));
      for (const [who, answer] of [
        ['prism', theirs],
        ['ours', mine],
      ] as const) {
        const valid = validate(JSON.parse(answer.text));
        expect({ who, valid, errors: validate.errors ?? null }).toEqual({ who, valid: true, errors: null });
      }
    }
  });
}

describe('a mock of the test shop document answers as Prism does', () => {
  const mocks = useBothMocks(resolve(import.meta.dirname, 'fixtures/mock-shop.openapi.yaml'), 0);
  compareAll(mocks, [
    { name: 'the first example of the lowest 2xx', method: 'GET', path: '/items', status: 200, compare: 'example' },
    { name: 'a valid query', method: 'GET', path: '/items?limit=5&tag=new', status: 200, compare: 'example' },
    {
      name: 'Prefer: example',
      method: 'GET',
      path: '/items',
      headers: { prefer: 'example=empty' },
      status: 200,
      compare: 'example',
    },
    {
      name: 'Prefer: code',
      method: 'GET',
      path: '/items',
      headers: { prefer: 'code=400' },
      status: 400,
      compare: 'example',
    },
    { name: 'Prefer: code not defined', method: 'GET', path: '/items', headers: { prefer: 'code=404' }, status: 404 },
    {
      name: 'Prefer: example not defined',
      method: 'GET',
      path: '/items',
      headers: { prefer: 'example=nope' },
      status: 404,
    },
    {
      name: 'an invalid query, answered by the 400',
      method: 'GET',
      path: '/items?limit=0',
      status: 400,
      compare: 'example',
    },
    {
      name: 'two invalid query params',
      method: 'GET',
      path: '/items?limit=abc&tag=old',
      status: 400,
      compare: 'example',
    },
    {
      name: 'a valid body',
      method: 'POST',
      path: '/items',
      body: { name: 'Desk', price: 99 },
      status: 201,
      compare: 'example',
    },
    {
      name: 'an invalid body',
      method: 'POST',
      path: '/items',
      body: { name: '', price: -1 },
      status: 422,
      compare: 'violations',
    },
    {
      name: 'a body missing a required property',
      method: 'POST',
      path: '/items',
      body: { price: 3 },
      status: 422,
      compare: 'violations',
    },
    { name: 'no body where one is required', method: 'POST', path: '/items', status: 422 },
    {
      name: 'a body of a media type not taken',
      method: 'POST',
      path: '/items',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
      status: 415,
    },
    {
      name: 'Prefer: code on a POST',
      method: 'POST',
      path: '/items',
      headers: { prefer: 'code=409' },
      body: { name: 'Desk', price: 99 },
      status: 409,
      compare: 'example',
    },
    {
      name: 'a literal path before a parameter',
      method: 'GET',
      path: '/items/featured',
      status: 200,
      compare: 'example',
    },
    { name: 'a body built from the schema', method: 'GET', path: '/items/5', status: 200, compare: 'example' },
    { name: 'a path parameter of the wrong type', method: 'GET', path: '/items/abc', status: 422 },
    { name: 'a path parameter below its minimum', method: 'GET', path: '/items/0', status: 422 },
    {
      name: 'a header parameter off its pattern',
      method: 'GET',
      path: '/items/5',
      headers: { 'x-shop-version': 'v2' },
      status: 422,
      compare: 'violations',
    },
    {
      name: 'Prefer: code with an example',
      method: 'GET',
      path: '/items/5',
      headers: { prefer: 'code=404' },
      status: 404,
      compare: 'example',
    },
    { name: 'no content', method: 'DELETE', path: '/items/5', status: 204, compare: 'example' },
    { name: 'another method of a less specific path', method: 'DELETE', path: '/items/featured', status: 422 },
    { name: 'formats in a generated array', method: 'GET', path: '/items/5/reviews', status: 200, compare: 'example' },
    { name: 'enum and date-time', method: 'GET', path: '/health', status: 200, compare: 'example' },
    {
      name: 'Prefer: dynamic',
      method: 'GET',
      path: '/items/5/reviews',
      headers: { prefer: 'dynamic=true' },
      status: 200,
      compare: 'schema',
      endpointPath: '/items/{{itemId}}/reviews',
    },
    {
      name: 'Prefer: dynamic over examples',
      method: 'GET',
      path: '/items',
      headers: { prefer: 'dynamic=true' },
      status: 200,
      compare: 'schema',
      endpointPath: '/items',
    },
    { name: 'an unknown path', method: 'GET', path: '/nothing', status: 404 },
    { name: "a path under the server's base path", method: 'GET', path: '/v1/items', status: 404 },
    { name: 'a method the path does not have', method: 'PUT', path: '/items', status: 405 },
  ]);
});

describe('a mock of the OpenAPI 3.0 petstore answers as Prism does', () => {
  const mocks = useBothMocks(join(SHARED, 'openapi30/petstore-expanded.yaml'), 1);
  compareAll(mocks, [
    {
      name: 'a list from the schema',
      method: 'GET',
      path: '/pets',
      status: 200,
      compare: 'schema',
      endpointPath: '/pets',
    },
    {
      name: 'query params',
      method: 'GET',
      path: '/pets?tags=dog&tags=cat&limit=3',
      status: 200,
      compare: 'schema',
      endpointPath: '/pets',
    },
    {
      name: 'an invalid query, answered by default',
      method: 'GET',
      path: '/pets?limit=many',
      status: 422,
      compare: 'schema',
      endpointPath: '/pets',
    },
    {
      name: 'a valid body',
      method: 'POST',
      path: '/pets',
      body: { name: 'Rex', tag: 'dog' },
      status: 200,
      compare: 'schema',
      endpointPath: '/pets',
    },
    { name: 'a body without its required name', method: 'POST', path: '/pets', body: { tag: 'dog' }, status: 422 },
    {
      name: 'an int64 path parameter',
      method: 'GET',
      path: '/pets/12',
      status: 200,
      compare: 'schema',
      endpointPath: '/pets/{{id}}',
    },
    { name: 'a path parameter that is no number', method: 'GET', path: '/pets/rex', status: 422 },
    { name: 'no content', method: 'DELETE', path: '/pets/12', status: 204 },
    {
      name: 'Prefer: code served by default',
      method: 'GET',
      path: '/pets/12',
      headers: { prefer: 'code=500' },
      status: 500,
    },
    {
      name: 'Prefer: dynamic',
      method: 'GET',
      path: '/pets',
      headers: { prefer: 'dynamic=true' },
      status: 200,
      compare: 'schema',
      endpointPath: '/pets',
    },
    { name: 'an unknown path', method: 'GET', path: '/dogs', status: 404 },
    { name: 'a method the path does not have', method: 'PATCH', path: '/pets', status: 405 },
  ]);
});

describe('a mock of the OpenAPI 3.1 RealWorld API answers as Prism does', () => {
  const mocks = useBothMocks(join(SHARED, 'openapi31/realworld-conduit.openapi.yml'), 2);
  // Prism checks the document's security schemes (401 without the token header); a Client mock does not.
  const signedIn = { authorization: 'Token abc' };
  compareAll(
    mocks,
    [
      {
        name: 'a login',
        method: 'POST',
        path: '/users/login',
        body: { user: { email: 'a@b.c', password: 'secret' } },
        status: 200,
        compare: 'example',
      },
      {
        name: 'a login without its user',
        method: 'POST',
        path: '/users/login',
        body: {},
        status: 422,
        compare: 'example',
      },
      { name: 'the signed-in user', method: 'GET', path: '/user', status: 200, compare: 'example' },
      { name: 'a profile by name', method: 'GET', path: '/profiles/celeb', status: 200, compare: 'example' },
      {
        name: 'articles with a query',
        method: 'GET',
        path: '/articles?tag=dragons&limit=2',
        status: 200,
        compare: 'example',
      },
      { name: 'articles with a query that is no number', method: 'GET', path: '/articles?limit=lots', status: 422 },
      {
        name: 'a literal path before a parameter',
        method: 'GET',
        path: '/articles/feed',
        status: 200,
        compare: 'example',
      },
      { name: 'an article by slug', method: 'GET', path: '/articles/how-to-train', status: 200, compare: 'example' },
      { name: 'a comment deleted', method: 'DELETE', path: '/articles/how-to-train/comments/3', status: 204 },
      { name: 'the tags', method: 'GET', path: '/tags', status: 200, compare: 'example' },
      {
        name: 'Prefer: code',
        method: 'GET',
        path: '/tags',
        headers: { prefer: 'code=422' },
        status: 422,
        compare: 'example',
      },
      {
        name: 'Prefer: dynamic',
        method: 'GET',
        path: '/articles',
        headers: { prefer: 'dynamic=true' },
        status: 200,
        compare: 'schema',
        endpointPath: '/articles',
      },
      { name: 'an unknown path', method: 'GET', path: '/comments', status: 404 },
      { name: 'a method the path does not have', method: 'PATCH', path: '/tags', status: 405 },
    ],
    signedIn,
  );
});
