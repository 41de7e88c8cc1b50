import { buildSchema, graphqlSync } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, endpointDraft, startTargetServer, startTestApp, type TestApp } from './ui-server.test-support.js';

const SCHEMA = buildSchema('type Query { "Every user." users: [String!]! }');

let app: TestApp;
let target: Awaited<ReturnType<typeof startTargetServer>>;
let projectId: string;

beforeAll(async () => {
  app = await startTestApp();
  target = await startTargetServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/graphql') {
      const { query } = JSON.parse(request.body) as { query: string };
      response.end(JSON.stringify(graphqlSync({ schema: SCHEMA, source: query })));
    } else if (request.url === '/closed') {
      response.end('{"errors":[{"message":"introspection is turned off"}]}');
    } else {
      response.setHeader('content-type', 'text/html');
      response.end('<h1>Welcome</h1>');
    }
  });
  projectId = (await api(app, 'POST', '/api/projects', { name: 'Accounts', baseUrl: target.origin })).json.id;
});

afterAll(async () => {
  await app?.close();
  await target?.close();
});

function schemaOf(path: string, refresh: boolean, endpointId: string | null = null) {
  const request = endpointDraft({ method: 'POST', path, body: { mode: 'graphql', query: '{ users }', variables: '' } });
  return api(app, 'POST', '/api/graphql/schema', {
    refresh,
    send: { requestId: crypto.randomUUID(), projectId, endpointId, environmentId: null, request },
  });
}

describe('POST /api/graphql/schema', () => {
  it('introspects the endpoint once, answers again from its copy until asked to refresh, and keeps no History', async () => {
    const asked = () => target.requests.filter((request) => request.url === '/graphql').length;
    const first = await schemaOf('/graphql', false, 'e1');
    expect(first.status, first.text).toBe(200);
    const types = (first.json.introspection.__schema.types as { name: string }[]).map((type) => type.name);
    expect(types).toContain('Query');
    expect(asked()).toBe(1);
    expect(JSON.parse(target.requests[0]?.body ?? '{}').query).toContain('__schema');

    expect((await schemaOf('/graphql', false, 'e1')).json).toEqual(first.json);
    expect(asked()).toBe(1);
    expect((await schemaOf('/graphql', true, 'e1')).status).toBe(200);
    expect(asked()).toBe(2);
    // Another endpoint has a schema of its own.
    await schemaOf('/graphql', false, 'e2');
    expect(asked()).toBe(3);
    expect((await api(app, 'GET', `/api/projects/${projectId}/history`)).json).toEqual([]);
  });

  it('says what the server sent instead of a schema', async () => {
    const page = await schemaOf('/welcome', false);
    expect(page.status).toBe(400);
    expect(page.json).toEqual({
      code: 'VALIDATION',
      message:
        'the server answered the introspection query with HTTP 200 and no JSON; check the URL points at a GraphQL endpoint',
    });
    const closed = await schemaOf('/closed', false);
    expect(closed.json.message).toBe('the server refused the introspection query: introspection is turned off');
  });
});
