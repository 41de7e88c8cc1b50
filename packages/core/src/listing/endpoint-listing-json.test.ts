import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Assertion } from '../assertions/assertion.js';
import type { Endpoint, EndpointAuth, EndpointBody, KeyValue, MultipartPart } from '../model.js';
import { toEndpointListing } from './agent-listing.js';
import { endpointListingJson } from './endpoint-listing-json.js';

const text = fc.string({ unit: 'binary', maxLength: 12 });
/** Names that are secrets in every spelling the masking knows, names that only look close, and anything. */
const name = fc.oneof(
  fc.constantFrom(
    'Authorization',
    'proxy-authorization',
    'COOKIE',
    'Set-Cookie',
    'coo\u212Aie',
    'x-api-key',
    'api_key',
    'client_secret',
    'password',
    'passwd',
    'sessionId',
    'private-key',
    'credentials',
    'access_token',
    'Accept',
    'Content-Type',
    'page',
  ),
  text,
);
const value = fc.oneof(text, fc.constantFrom('', '{{token}}', 'Bearer {{token}}', 'Bearer abc', 's3cret'));
const keyValues: fc.Arbitrary<KeyValue[]> = fc.array(
  fc.record({ key: name, value, enabled: fc.boolean() }, { requiredKeys: ['key', 'value'] }),
  { maxLength: 4 },
);

/** JSON bodies with secret and plain keys at any depth, escaped key names, and text that is not JSON. */
const jsonLeaf = fc.oneof(value, fc.integer(), fc.boolean(), fc.constant(null));
const jsonValue = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    jsonLeaf,
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(name, tie('node'), { maxKeys: 3 }),
  ),
})).node;
const jsonText = fc.oneof(
  jsonValue.map((json) => JSON.stringify(json)),
  jsonValue.map((json) => JSON.stringify(json, null, 2)),
  fc.constantFrom('{"pass\\u0077ord":"pw"}', '{"a":"\\u00e9"}', '{not json', ''),
  text,
);

const part: fc.Arbitrary<MultipartPart> = fc.record(
  { name, value, file: text, contentType: fc.constantFrom('text/plain', 'image/png') },
  { requiredKeys: ['name'] },
);
const body: fc.Arbitrary<EndpointBody> = fc.oneof(
  fc.constant({ mode: 'none' as const }),
  fc.record({ mode: fc.constant('json' as const), text: jsonText }),
  fc.record({ mode: fc.constant('text' as const), text }),
  fc.record({ mode: fc.constant('urlencoded' as const), fields: keyValues }),
  fc.record({ mode: fc.constant('multipart' as const), parts: fc.array(part, { maxLength: 3 }) }),
  fc.record({ mode: fc.constant('file' as const), path: text }),
);
const auth: fc.Arbitrary<EndpointAuth> = fc.oneof(
  fc.constant({ type: 'none' as const }),
  fc.record({ type: fc.constantFrom('basic' as const, 'digest' as const), username: text, password: value }),
  fc.record({ type: fc.constant('bearer' as const), token: value }),
  fc.constant({ type: 'inherit' as const }),
  fc.record({ type: fc.constant('oauth2' as const), tokenUrl: text, clientId: text, clientSecret: value, scope: text }),
  fc.record({
    type: fc.constant('apiKey' as const),
    key: name,
    value,
    in: fc.constantFrom('header' as const, 'query' as const),
  }),
);
/** Rows comparing secret-named headers and JSON properties, and anything, with secret-looking values or not. */
const tests: fc.Arbitrary<Assertion[]> = fc.array(
  fc.record(
    {
      source: fc.constantFrom('status' as const, 'header' as const, 'jsonpath' as const),
      property: fc.oneof(
        name,
        name.map((key) => `$.${key}`),
      ),
      operator: fc.constantFrom('eq' as const, 'contains' as const, 'exists' as const),
      value: fc.oneof(value, fc.constantFrom('sk_live_0123456789abcdef0123456789')),
      enabled: fc.boolean(),
    },
    { requiredKeys: ['source', 'property', 'operator', 'value'] },
  ),
  { maxLength: 3 },
);

const endpoint: fc.Arbitrary<Endpoint> = fc.record(
  {
    id: fc.uuid(),
    projectId: fc.uuid(),
    folderId: fc.option(fc.uuid(), { nil: null }),
    name: text,
    method: fc.constantFrom('GET', 'POST'),
    path: fc.oneof(
      text.map((rest) => `/${rest}`),
      fc.constantFrom('https://user:pw@api.example.com/items', 'http://sk_live_0123456789abcdef0123456789@x.test/a'),
    ),
    queryParams: keyValues,
    headers: keyValues,
    body,
    auth,
    state: fc.constantFrom('Designing' as const, 'Developing' as const),
    createdAt: fc.constant('2026-01-01T00:00:00.000Z'),
    updatedAt: fc.constant('2026-01-01T00:00:00.000Z'),
    tests,
  },
  {
    requiredKeys: [
      'id',
      'projectId',
      'folderId',
      'name',
      'method',
      'path',
      'queryParams',
      'headers',
      'body',
      'auth',
      'state',
      'createdAt',
      'updatedAt',
    ],
  },
);

const baseUrl = fc.option(
  fc.oneof(text, fc.constantFrom('https://api.example.com', 'https://user:secret@api.example.com')),
  { nil: null },
);

describe('endpointListingJson', () => {
  it('writes exactly the JSON of toEndpointListing for any endpoint, secrets masked', () => {
    fc.assert(
      fc.property(endpoint, baseUrl, (generated, projectBaseUrl) => {
        expect(endpointListingJson(generated, projectBaseUrl)).toBe(
          JSON.stringify(toEndpointListing(generated, projectBaseUrl)),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('masks a secret whose name a JSON body spells with an escape', () => {
    const generated = fc.sample(endpoint, { seed: 1, numRuns: 1 })[0] as Endpoint;
    const withSecret: Endpoint = { ...generated, body: { mode: 'json', text: '{"pass\\u0077ord":"hunter2"}' } };
    const { body } = JSON.parse(endpointListingJson(withSecret, null)) as { body: { text: string } };
    expect(JSON.parse(body.text)).toEqual({ password: '••••' });
  });

  it('lists assertion rows with the values compared with a secret masked, and none when there are none', () => {
    const generated = fc.sample(endpoint, { seed: 1, numRuns: 1 })[0] as Endpoint;
    const rows: Assertion[] = [
      { source: 'status', property: '', operator: 'eq', value: '200' },
      { source: 'header', property: 'Authorization', operator: 'eq', value: 'Bearer abc' },
      { source: 'jsonpath', property: '$.access_token', operator: 'eq', value: 'tok-1' },
    ];
    const listed = JSON.parse(endpointListingJson({ ...generated, tests: rows }, null)) as { tests: Assertion[] };
    expect(listed.tests.map((row) => row.value)).toEqual(['200', '••••', '••••']);
    const { tests: _none, ...without } = generated;
    expect(JSON.parse(endpointListingJson(without, null))).not.toHaveProperty('tests');
  });
});
