import { describe, expect, it } from 'vitest';
import { exportOpenApi } from '../collections/export-openapi.js';
import { exportPostman } from '../collections/export-postman.js';
import { planCollection } from '../collections/plan-collection.js';
import { snapshotOf } from '../collections/plan-snapshot.test-support.js';
import type { GraphqlBody } from '../model.js';
import { exportedRequest } from '../request/exported-request.js';
import { toCurlCommand } from '../request/to-curl-command.js';
import { graphqlBodyFromPayload, graphqlPayload, graphqlVariablesProblem } from './graphql-payload.js';

const QUERY = 'query User($id: ID!) {\n  user(id: $id) { name }\n}';

/** A collection as Postman (v2.1) exports a GraphQL request: the variables are JSON text. */
const POSTMAN_EXPORT = {
  info: {
    _postman_id: '5f0c2b6e-1d8a-4a55-9b64-0f8d9a3e2c11',
    name: 'Accounts',
    schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
  },
  item: [
    {
      name: 'User',
      request: {
        method: 'POST',
        header: [],
        body: { mode: 'graphql', graphql: { query: QUERY, variables: '{\n  "id": "{{userId}}"\n}' } },
        url: {
          raw: '{{base_url}}/graphql',
          host: ['{{base_url}}'],
          path: ['graphql'],
        },
      },
      response: [],
    },
  ],
  variable: [{ key: 'base_url', value: 'https://api.example.com' }],
};

/** An Insomnia (v4) export: the GraphQL body is the JSON it sends, under its own MIME type. */
const INSOMNIA_EXPORT = {
  _type: 'export',
  __export_format: 4,
  __export_date: '2024-05-01T10:00:00.000Z',
  __export_source: 'insomnia.desktop.app:v2023.5.8',
  resources: [
    {
      _id: 'req_8a1',
      parentId: 'wrk_31f',
      modified: 1714557600000,
      created: 1714557600000,
      url: '{{ _.base_url }}/graphql',
      name: 'User',
      description: '',
      method: 'POST',
      body: {
        mimeType: 'application/graphql',
        text: JSON.stringify({ query: QUERY, variables: { id: '{{ _.userId }}' }, operationName: 'User' }),
      },
      parameters: [],
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      authentication: {},
      _type: 'request',
    },
    { _id: 'wrk_31f', parentId: null, name: 'Accounts', description: '', _type: 'workspace' },
    {
      _id: 'env_7c2',
      parentId: 'wrk_31f',
      name: 'Base Environment',
      data: { base_url: 'https://api.example.com' },
      _type: 'environment',
    },
  ],
};

const body = (variables: string, operationName?: string): GraphqlBody => ({
  mode: 'graphql',
  query: QUERY,
  variables,
  ...(operationName === undefined ? {} : { operationName }),
});

describe('graphqlPayload', () => {
  it('writes the query, the variables as written and the operation name; leaves out what is empty', () => {
    expect(graphqlPayload({ query: '{ a }', variables: '{"price": 1.50}', operationName: 'A' })).toBe(
      '{"query":"{ a }","variables":{"price": 1.50},"operationName":"A"}',
    );
    expect(graphqlPayload({ query: '{ a }', variables: '  ', operationName: '' })).toBe('{"query":"{ a }"}');
  });

  it('reads back the document it writes', () => {
    expect(graphqlBodyFromPayload(graphqlPayload(body('{"id": 1}', 'User')))).toEqual(body('{\n  "id": 1\n}', 'User'));
    expect(graphqlBodyFromPayload('{"variables": {}}')).toBeNull();
    expect(graphqlBodyFromPayload('not json')).toBeNull();
  });

  it('says why variables cannot be sent: not JSON, or not an object', () => {
    expect(graphqlVariablesProblem('')).toBeNull();
    expect(graphqlVariablesProblem('{"id": 2}')).toBeNull();
    expect(graphqlVariablesProblem('{"id": ')).toMatch(/^the GraphQL variables are not valid JSON/);
    expect(graphqlVariablesProblem('[1]')).toBe('the GraphQL variables must be a JSON object, such as {"id": 1}');
  });
});

describe('a GraphQL body in copy as cURL and code exports', () => {
  const request = {
    method: 'POST',
    path: 'https://api.example.com/graphql',
    queryParams: [],
    headers: [],
    body: body('{"id": "{{userId}}"}', 'User'),
    auth: { type: 'none' as const },
  };
  const lookup = (name: string) => (name === 'userId' ? '7' : undefined);
  const payload = `{"query":${JSON.stringify(QUERY)},"variables":{"id": "7"},"operationName":"User"}`;

  it('sends the JSON document with its Content-Type', () => {
    const command = toCurlCommand(request, lookup);
    expect(command).toContain("-H 'Content-Type: application/json'");
    expect(command).toContain(`--data-raw '${payload.replaceAll("'", "'\\''")}'`);
  });

  it('gives code exports the same JSON', () => {
    const exported = exportedRequest(request, lookup);
    expect(exported?.body).toEqual({ text: payload });
    expect(exported?.headers).toContainEqual({ key: 'Content-Type', value: 'application/json' });
  });
});

describe('GraphQL requests from other API clients', () => {
  it("imports a Postman export's GraphQL body as one, and exports it back to Postman unchanged", () => {
    const plan = planCollection(POSTMAN_EXPORT);
    const [endpoint] = plan.endpoints;
    expect(endpoint?.draft.body).toEqual(body('{\n  "id": "{{userId}}"\n}'));
    expect(plan.warnings).toEqual([]);

    const exported = exportPostman(snapshotOf(plan)).document as { item: { request: { body: unknown } }[] };
    expect(exported.item[0]?.request.body).toEqual(POSTMAN_EXPORT.item[0]?.request.body);
    expect(planCollection(exported).endpoints[0]?.draft.body).toEqual(endpoint?.draft.body);
  });

  it("imports an Insomnia export's GraphQL body with its operation name and variables", () => {
    const [endpoint] = planCollection(INSOMNIA_EXPORT).endpoints;
    expect(endpoint?.draft.body).toEqual(body('{\n  "id": "{{userId}}"\n}', 'User'));
  });

  it('exports to OpenAPI the JSON it sends, as the request body example', () => {
    const plan = planCollection(INSOMNIA_EXPORT);
    const document = exportOpenApi(snapshotOf(plan)).document as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { example: unknown }> } } }>;
    };
    const media = Object.values(document.paths)[0]?.post.requestBody.content['application/json'];
    // A variable no environment defines is written as OpenAPI examples write one.
    expect(media?.example).toEqual({ query: QUERY, variables: { id: '<userId>' }, operationName: 'User' });
  });
});
