import {
  ASSERTION_OPERATORS,
  ASSERTION_SOURCES,
  type Assertion,
  type Endpoint,
  type EndpointAuth,
  type EndpointBody,
  type KeyValue,
  type MultipartPart,
  type QueryParam,
} from '@client/core';
import fc from 'fast-check';

/** Any text: empty, unicode beyond the BMP, control characters, quotes and backslashes. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 16 }),
  fc.constantFrom('', '"', '\\', '\u0000', '{"mode":"json"}', '[["a","b",0]]', 'é', '😀'),
);
/** Secret-named and plain keys, often the same one twice in a list. */
const key = fc.oneof(fc.constantFrom('Authorization', 'Cookie', 'x-api-key', 'password', 'Accept', 'a'), text);
const value = fc.oneof(text, fc.constantFrom('Bearer {{token}}', 'sk_live_0123456789abcdef0123456789'));
const pair: fc.Arbitrary<KeyValue> = fc.record(
  { key, value, enabled: fc.constant(false) },
  { requiredKeys: ['key', 'value'] },
);
const pairs = fc.array(pair, { maxLength: 4 });
/** Query params besides: `name=` written with nothing after the `=`. */
const queryParams: fc.Arbitrary<QueryParam[]> = fc.array(
  fc.oneof(
    pair,
    fc.record(
      { key, value: fc.constant(''), enabled: fc.constant(false), equals: fc.constant(true as const) },
      { requiredKeys: ['key', 'value', 'equals'] },
    ),
  ),
  { maxLength: 4 },
);

const part: fc.Arbitrary<MultipartPart> = fc.record(
  {
    name: key,
    value,
    file: text,
    contentType: fc.constantFrom('text/plain', 'image/png'),
    enabled: fc.constant(false),
  },
  { requiredKeys: ['name'] },
);
const body: fc.Arbitrary<EndpointBody> = fc.oneof(
  fc.constant({ mode: 'none' as const }),
  fc.record({ mode: fc.constantFrom('json' as const, 'text' as const), text }),
  fc.record({ mode: fc.constant('urlencoded' as const), fields: pairs }),
  fc.record({ mode: fc.constant('multipart' as const), parts: fc.array(part, { maxLength: 3 }) }),
  fc.record({ mode: fc.constant('file' as const), path: text }),
  fc.record(
    { mode: fc.constant('graphql' as const), query: text, variables: text, operationName: text },
    { requiredKeys: ['mode', 'query', 'variables'] },
  ),
);
const auth: fc.Arbitrary<EndpointAuth> = fc.oneof(
  fc.constantFrom({ type: 'none' as const }, { type: 'inherit' as const }),
  fc.record({ type: fc.constantFrom('basic' as const, 'digest' as const), username: text, password: value }),
  fc.record({ type: fc.constant('bearer' as const), token: value }),
  fc.record({
    type: fc.constant('apiKey' as const),
    key,
    value,
    in: fc.constantFrom('header' as const, 'query' as const),
  }),
  fc.record({ type: fc.constant('oauth2' as const), tokenUrl: text, clientId: text, clientSecret: value, scope: text }),
);
const time = fc
  .date({ min: new Date('2000-01-01T00:00:00.000Z'), max: new Date('2100-01-01T00:00:00.000Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

/**
 * Any endpoint as the repository keeps it: empty settings, description and scripts absent (as `create` and
 * `update` leave them), updatedAt equal to createdAt (an import) or later.
 */
export const storedEndpoint: fc.Arbitrary<Omit<Endpoint, 'projectId' | 'folderId'>> = fc
  .record(
    {
      id: fc.uuid(),
      name: text,
      method: fc.constantFrom('GET', 'POST', 'PROPFIND'),
      path: text.map((rest) => `/${rest}`),
      queryParams,
      headers: pairs,
      body,
      auth,
      state: fc.constantFrom('Designing' as const, 'Developing' as const, 'Released' as const),
      settings: fc.constantFrom({ timeoutMs: 1000 }, { followRedirects: false, verifyTls: false }),
      description: text.filter((description) => description !== ''),
      scripts: fc.record({
        from: fc.constantFrom('postman' as const, 'bruno' as const, 'insomnia' as const),
        preRequest: text,
        postResponse: text,
        tests: text,
      }),
      createdAt: time,
      updatedAt: fc.option(time, { nil: undefined }),
    },
    { requiredKeys: ['id', 'name', 'method', 'path', 'queryParams', 'headers', 'body', 'auth', 'state', 'createdAt'] },
  )
  .map(({ updatedAt, ...endpoint }) => ({ ...endpoint, updatedAt: updatedAt ?? endpoint.createdAt }));

/** Assertion rows of any shape the columns could be asked to keep (the store's reader checks them first). */
export const assertionRows: fc.Arbitrary<Assertion[]> = fc.array(
  fc.record(
    {
      source: fc.constantFrom(...ASSERTION_SOURCES),
      property: text,
      operator: fc.constantFrom(...ASSERTION_OPERATORS),
      value: text,
      enabled: fc.constant(false),
    },
    { requiredKeys: ['source', 'property', 'operator', 'value'] },
  ),
  { minLength: 1, maxLength: 3 },
);
