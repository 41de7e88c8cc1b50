import fc from 'fast-check';
import { ASSERTION_TYPES, type Assertion } from '../assertions/assertion.js';
import type { EndpointContract, JsonSchema } from '../examples/contract.js';
import type { EndpointExample } from '../examples/example.js';
import type {
  EndpointAuth,
  EndpointBody,
  EndpointDraft,
  EndpointScripts,
  KeyValue,
  MultipartPart,
  QueryParam,
} from '../model.js';
import type { RequestSettingsOverride } from '../request/request-settings.js';
import type { ProjectTree, TreeEnvironment, TreeFolder, TreePath, TreeVariable } from './project-tree.js';

/*
 * Any project a linked folder can hold, as the model keeps it: optional parts absent rather than empty, rows on
 * unless `enabled: false`, and texts of every awkward kind (YAML's own syntax, line breaks, control characters,
 * unicode beyond the BMP, names no file system takes).
 */

const awkwardText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  fc.string({
    unit: fc.constantFrom('a', ' ', '\n', '\t', '\r', ':', '#', '-', '"', "'", '|', '{', '}'),
    maxLength: 12,
  }),
  fc.constantFrom(
    '',
    ' ',
    'yes',
    'No',
    'on',
    'null',
    '~',
    '123',
    '0x1F',
    '1e3',
    'true',
    '- item',
    '? key',
    '# not a comment',
    'a: b',
    '{{base_url}}',
    '*alias',
    '&anchor',
    '!tag',
    '%YAML',
    '---',
    '...',
    '  indented\nlines  \n',
    'trailing\n\n\n',
    'no newline at end\nsecond',
    '\ttab first',
    'crlf\r\nline',
    'é😀',
    'CON',
    'nul.txt',
    '..',
    'environments',
    'folder',
    'client-project',
  ),
);
const nonEmptyText = awkwardText.filter((text) => text.trim() !== '');
const headerName = fc.constantFrom('Accept', 'Content-Type', 'X-Trace', 'x-api-key', 'ETag');
const disabled = fc.option(fc.constant(false as const), { nil: undefined });

function withEnabled<T extends object>(row: T, enabled: false | undefined): T {
  return enabled === false ? { ...row, enabled } : row;
}

const row: fc.Arbitrary<KeyValue> = fc
  .tuple(awkwardText, awkwardText, disabled)
  .map(([key, value, enabled]) => withEnabled({ key, value }, enabled));
const rows = fc.array(row, { maxLength: 3 });
const queryParam: fc.Arbitrary<QueryParam> = fc.oneof(
  row,
  fc
    .tuple(awkwardText, disabled)
    .map(([key, enabled]) => withEnabled({ key, value: '', equals: true as const }, enabled)),
);

const part: fc.Arbitrary<MultipartPart> = fc
  .record(
    {
      name: awkwardText,
      value: awkwardText,
      file: awkwardText,
      contentType: fc.constantFrom('text/plain', 'image/png'),
    },
    { requiredKeys: ['name'] },
  )
  .chain((value) => disabled.map((enabled) => withEnabled(value, enabled)));

const body: fc.Arbitrary<EndpointBody> = fc.oneof(
  fc.constant({ mode: 'none' as const }),
  fc.record({ mode: fc.constantFrom('json' as const, 'text' as const), text: awkwardText }),
  fc.record({ mode: fc.constant('urlencoded' as const), fields: rows }),
  fc.record({ mode: fc.constant('multipart' as const), parts: fc.array(part, { maxLength: 3 }) }),
  fc.record({ mode: fc.constant('file' as const), path: awkwardText }),
  fc.record(
    { mode: fc.constant('graphql' as const), query: awkwardText, variables: awkwardText, operationName: awkwardText },
    { requiredKeys: ['mode', 'query', 'variables'] },
  ),
);

const concreteAuth: fc.Arbitrary<EndpointAuth> = fc.oneof(
  fc.constant({ type: 'none' as const }),
  fc.record({
    type: fc.constantFrom('basic' as const, 'digest' as const),
    username: awkwardText,
    password: awkwardText,
  }),
  fc.record({ type: fc.constant('bearer' as const), token: awkwardText }),
  fc.record({
    type: fc.constant('apiKey' as const),
    key: awkwardText,
    value: awkwardText,
    in: fc.constantFrom('header' as const, 'query' as const),
  }),
  fc.record(
    {
      type: fc.constant('oauth2' as const),
      grant: fc.constant('clientCredentials' as const),
      tokenUrl: awkwardText,
      clientId: awkwardText,
      clientSecret: awkwardText,
      scope: awkwardText,
    },
    { requiredKeys: ['type', 'tokenUrl', 'clientId', 'clientSecret', 'scope'] },
  ),
  fc.record({
    type: fc.constant('oauth2' as const),
    grant: fc.constant('authorizationCode' as const),
    authorizationUrl: awkwardText,
    tokenUrl: awkwardText,
    clientId: awkwardText,
    clientSecret: awkwardText,
    scope: awkwardText,
  }),
  fc.record({
    type: fc.constant('awsSigV4' as const),
    accessKeyId: awkwardText,
    secretAccessKey: awkwardText,
    sessionToken: awkwardText,
    region: awkwardText,
    service: awkwardText,
  }),
);
const auth: fc.Arbitrary<EndpointAuth> = fc.oneof(concreteAuth, fc.constant({ type: 'inherit' as const }));

const settings: fc.Arbitrary<RequestSettingsOverride> = fc
  .record(
    {
      timeoutMs: fc.integer({ min: 1, max: 86_400_000 }),
      followRedirects: fc.boolean(),
      maxRedirects: fc.integer({ min: 0, max: 50 }),
      verifyTls: fc.boolean(),
      caFile: awkwardText,
      clientCertFile: awkwardText,
      clientKeyFile: awkwardText,
      clientCertPassphrase: awkwardText,
      proxy: fc.oneof(
        fc.constant({ mode: 'environment' as const }),
        fc.constant({ mode: 'none' as const }),
        fc.record({
          mode: fc.constant('url' as const),
          url: fc.constant('http://proxy.local:3128'),
          noProxy: awkwardText,
        }),
      ),
      http2: fc.boolean(),
    },
    { requiredKeys: [] },
  )
  .filter((value) => Object.keys(value).length > 0);

const scripts: fc.Arbitrary<EndpointScripts> = fc
  .record({
    from: fc.constantFrom('postman' as const, 'bruno' as const, 'insomnia' as const),
    preRequest: awkwardText,
    postResponse: awkwardText,
    tests: awkwardText,
  })
  .filter((value) => [value.preRequest, value.postResponse, value.tests].some((text) => text.trim() !== ''));

const assertion: fc.Arbitrary<Assertion> = fc
  .oneof(
    fc
      .integer({ min: 100, max: 599 })
      .map((status): Assertion => ({ source: 'status', property: '', operator: 'eq', value: String(status) })),
    headerName.map((name): Assertion => ({ source: 'header', property: name, operator: 'exists', value: '' })),
    fc
      .constantFrom(...ASSERTION_TYPES)
      .map((type): Assertion => ({ source: 'jsonpath', property: '$.data[0].id', operator: 'isType', value: type })),
    awkwardText.map((value): Assertion => ({ source: 'body', property: '', operator: 'contains', value })),
    fc
      .constantFrom('^ok$', '\\d+', '(a|b)')
      .map((value): Assertion => ({ source: 'body', property: '', operator: 'matches', value })),
    fc
      .integer({ min: 0, max: 5000 })
      .map((ms): Assertion => ({ source: 'responseTime', property: '', operator: 'lt', value: String(ms) })),
  )
  .chain((value) => disabled.map((enabled) => withEnabled(value, enabled)));

const example: fc.Arbitrary<EndpointExample> = fc.record(
  {
    name: nonEmptyText.map((text) => text.trim()),
    status: fc.integer({ min: 100, max: 599 }),
    headers: fc.array(
      fc
        .tuple(
          headerName,
          awkwardText.map((text) => text.replace(/[\r\n\0]/g, '')),
          disabled,
        )
        .map(([key, value, enabled]) => withEnabled({ key, value }, enabled)),
      { maxLength: 2 },
    ),
    body: awkwardText,
    mockStatus: fc.integer({ min: 100, max: 599 }),
    delay: fc.tuple(fc.nat(1000), fc.nat(1000)).map(([a, b]) => ({ minMs: Math.min(a, b), maxMs: Math.max(a, b) })),
  },
  { requiredKeys: ['name', 'status', 'headers', 'body'] },
);
const examples = fc.uniqueArray(example, { minLength: 1, maxLength: 3, selector: (value) => value.name });

const schema: fc.Arbitrary<JsonSchema> = fc.oneof(
  fc.boolean(),
  fc.dictionary(
    fc.oneof(awkwardText, fc.constantFrom('$ref', 'type', '200', '__proto__')),
    fc.jsonValue({ maxDepth: 2 }),
    {
      maxKeys: 3,
    },
  ),
);
const contract: fc.Arbitrary<EndpointContract> = fc.record(
  {
    parameters: fc.array(
      fc
        .record(
          {
            name: awkwardText,
            in: fc.constantFrom('path' as const, 'query' as const, 'header' as const),
            required: fc.boolean(),
            schema,
          },
          { requiredKeys: ['name', 'in', 'required'] },
        )
        .map((parameter) => (parameter.in === 'path' ? { ...parameter, required: true } : parameter)),
      { maxLength: 2 },
    ),
    requestBody: fc.record({
      required: fc.boolean(),
      content: fc.array(
        fc.record(
          { mediaType: fc.constantFrom('application/json', 'text/plain'), schema },
          { requiredKeys: ['mediaType'] },
        ),
        { maxLength: 2 },
      ),
    }),
    responses: fc.array(
      fc.record(
        {
          status: fc.constantFrom('200', '201', '4XX', 'default'),
          description: awkwardText,
          headers: fc.array(
            fc.record({ name: awkwardText, required: fc.boolean(), schema }, { requiredKeys: ['name', 'required'] }),
            { maxLength: 1 },
          ),
          content: fc.array(
            fc.record({ mediaType: fc.constant('application/json'), schema }, { requiredKeys: ['mediaType'] }),
            { maxLength: 1 },
          ),
        },
        { requiredKeys: ['status', 'headers', 'content'] },
      ),
      { maxLength: 2 },
    ),
    defs: fc.dictionary(fc.oneof(awkwardText, fc.constant('User')), schema, { maxKeys: 2 }),
  },
  { requiredKeys: ['parameters', 'responses', 'defs'] },
);

const endpointDraft: fc.Arbitrary<EndpointDraft> = fc.record(
  {
    name: awkwardText,
    method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND'),
    path: fc.oneof(
      awkwardText.map((rest) => `/${rest}`),
      fc.constant('https://other.example.com/v1?x=1'),
    ),
    queryParams: fc.array(queryParam, { maxLength: 3 }),
    headers: rows,
    body,
    auth,
    state: fc.constantFrom(
      'Designing' as const,
      'Developing' as const,
      'Testing' as const,
      'Released' as const,
      'Deprecated' as const,
    ),
    settings,
    description: nonEmptyText,
    scripts,
    tests: fc.array(assertion, { minLength: 1, maxLength: 3 }),
    examples,
    contract,
  },
  { requiredKeys: ['name', 'method', 'path', 'queryParams', 'headers', 'body', 'auth', 'state'] },
);

/** Folder paths, parents first, names unique among siblings. */
const folderPaths: fc.Arbitrary<TreePath[]> = fc
  .array(fc.tuple(fc.nat(), awkwardText), { maxLength: 6 })
  .map((picks) => {
    const paths: TreePath[] = [];
    const keys = new Set<string>();
    for (const [parent, name] of picks) {
      const under = parent % (paths.length + 1) === 0 ? [] : (paths[(parent % (paths.length + 1)) - 1] as TreePath);
      const path = [...under, name];
      if (keys.has(JSON.stringify(path))) continue;
      keys.add(JSON.stringify(path));
      paths.push(path);
    }
    return paths;
  });

const folderExtras = fc.record({ description: nonEmptyText, auth, scripts }, { requiredKeys: [] });

const variable: fc.Arbitrary<TreeVariable> = fc.oneof(
  fc
    .tuple(awkwardText, awkwardText, disabled)
    .map(([key, value, enabled]) => withEnabled({ key, value, secret: false }, enabled)),
  fc
    .tuple(
      awkwardText,
      fc.array(fc.constantFrom('api.example.com', '*.example.com', 'localhost:8080'), { maxLength: 2 }),
      disabled,
    )
    .map(([key, allowedHosts, enabled]) => withEnabled({ key, value: '', secret: true, allowedHosts }, enabled)),
);
const environment: fc.Arbitrary<TreeEnvironment> = fc.record({
  name: awkwardText,
  variables: fc.array(variable, { maxLength: 3 }),
});

export const projectTree: fc.Arbitrary<ProjectTree> = fc
  .record({
    project: fc.record(
      {
        name: awkwardText,
        description: awkwardText,
        requestSettings: fc.oneof(fc.constant({}), settings),
        auth: concreteAuth,
        scripts,
        variables: rows,
      },
      { requiredKeys: ['name', 'description', 'requestSettings', 'variables'] },
    ),
    folders: folderPaths.chain((paths) =>
      fc.tuple(...paths.map((path) => folderExtras.map((extras): TreeFolder => ({ path, ...extras })))),
    ),
    endpoints: fc.array(fc.tuple(fc.nat(), endpointDraft), { maxLength: 6 }),
    environments: fc.array(environment, { maxLength: 3 }),
  })
  .map(({ project, folders, endpoints, environments }) => ({
    ...project,
    folders,
    endpoints: endpoints.map(([pick, endpoint]) => ({
      folder: pick % (folders.length + 1) === 0 ? [] : (folders[(pick % (folders.length + 1)) - 1] as TreeFolder).path,
      endpoint,
    })),
    environments,
  }));
