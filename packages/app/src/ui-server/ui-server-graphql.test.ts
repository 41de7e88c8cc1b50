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
    if (request.url.startsWith('/graphql')) {
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
  it('introspects a saved endpoint once, answers from the store until asked to refresh, and keeps no History', async () => {
    const asked = () => target.requests.filter((request) => request.url === '/graphql').length;
    const saved = app.store.endpoints.create(projectId, null, endpointDraft({ method: 'POST', path: '/graphql' }));
    const first = await schemaOf('/graphql', false, saved.id);
    expect(first.status, first.text).toBe(200);
    const types = (first.json.introspection.__schema.types as { name: string }[]).map((type) => type.name);
    expect(types).toContain('Query');
    expect(asked()).toBe(1);
    expect(JSON.parse(target.requests[0]?.body ?? '{}').query).toContain('__schema');
    expect(app.store.graphqlSchemas.get(saved.id)).toMatchObject({ url: '/graphql', fetchedAt: first.json.fetchedAt });

    expect((await schemaOf('/graphql', false, saved.id)).json).toEqual(first.json);
    expect(asked()).toBe(1);
    expect((await schemaOf('/graphql', true, saved.id)).status).toBe(200);
    expect(asked()).toBe(2);
    // Another URL is another schema; so is an unsaved request's, kept in memory.
    await schemaOf('/graphql?v=2', false, saved.id);
    expect(app.store.graphqlSchemas.get(saved.id)?.url).toBe('/graphql?v=2');
    await schemaOf('/graphql', false);
    await schemaOf('/graphql', false);
    expect(target.requests.filter((request) => request.url.startsWith('/graphql')).length).toBe(4);
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
