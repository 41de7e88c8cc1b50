import { AppError, type EndpointDraft, type McpSettings } from '@client/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_STDIO, type DemoHttpServer, startDemoHttpServer } from '../mcp/mcp-demo-server.test-support.js';
import { api, startTestApp, type TestApp } from './ui-server.test-support.js';

// Each test starts a server process (and the app a stdio one), which a loaded machine takes seconds to start.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const TOKEN = 'tok-3f9a1c';

let app: TestApp;
let demo: DemoHttpServer;
let projectId: string;
let environmentId: string;

beforeAll(async () => {
  [app, demo] = await Promise.all([startTestApp(), startDemoHttpServer()]);
  projectId = app.store.projects.create({ name: 'Servers' }).id;
  app.store.variables.set(projectId, 'base_url', new URL(demo.url).origin);
  const environment = (await api(app, 'POST', `/api/projects/${projectId}/environments`, { name: 'Local' })).json;
  environmentId = environment.id;
  await api(app, 'PUT', `/api/environments/${environmentId}/variables`, {
    variables: [{ key: 'token', value: TOKEN, secret: true }],
  });
});
afterAll(async () => {
  await app.close();
  await demo.close();
});

function draft(extra: Partial<EndpointDraft> = {}): EndpointDraft {
  return {
    name: 'demo',
    method: 'POST',
    path: '/mcp',
    queryParams: [],
    headers: [{ key: 'X-Demo-Key', value: '{{token}}' }],
    body: { mode: 'none' },
    auth: { type: 'none' },
    state: 'Designing',
    ...extra,
  };
}

async function connect(mcp: McpSettings, endpointId: string | null = null, request = draft()) {
  return api(app, 'POST', '/api/mcp/sessions', { projectId, endpointId, environmentId, request, mcp });
}

describe('the window’s MCP sessions', () => {
  it('connects over Streamable HTTP at the project’s base_url with the endpoint’s headers, and lists what it offers', async () => {
    const connected = await connect({ transport: 'http' });
    expect(connected.status).toBe(200);
    expect(connected.json.session).toMatchObject({ transport: 'http', server: { name: 'demo-server' } });
    expect(connected.json.catalog.tools.map((tool: { name: string }) => tool.name)).toContain('add');
    const sessionId: string = connected.json.session.sessionId;
    const header = await api(app, 'POST', `/api/mcp/sessions/${sessionId}/calls`, {
      method: 'tools/call',
      name: 'read_header',
      arguments: { name: 'X-Demo-Key' },
    });
    expect(header.json).toMatchObject({ isError: false, result: { content: [{ text: TOKEN }] } });
    await api(app, 'DELETE', `/api/mcp/sessions/${sessionId}`);
  });

  it('keeps each call in History, linked to its endpoint, with secrets masked', async () => {
    const endpointId = app.store.endpoints.create(projectId, null, draft()).id;
    const sessionId: string = (await connect({ transport: 'http' }, endpointId)).json.session.sessionId;
    await api(app, 'POST', `/api/mcp/sessions/${sessionId}/calls`, {
      method: 'tools/call',
      name: 'read_header',
      arguments: { name: 'X-Demo-Key' },
    });
    const failed = await api(app, 'POST', `/api/mcp/sessions/${sessionId}/calls`, {
      method: 'prompts/get',
      name: 'greet',
      arguments: {},
    });
    expect(failed.status).toBe(400);
    expect(failed.json.code).toBe('VALIDATION');
    const history = (await api(app, 'GET', `/api/projects/${projectId}/history`)).json;
    const mine = history.filter((item: { endpointId: string | null }) => item.endpointId === endpointId);
    expect(mine.map((item: { method: string; status: number | null }) => [item.method, item.status])).toEqual([
      ['MCP', null],
      ['MCP', 200],
    ]);
    expect(mine[1].url).toBe(demo.url);
    const detail = (await api(app, 'GET', `/api/history/${mine[1].id}`)).json;
    expect(JSON.parse(detail.requestBody)).toEqual({
      method: 'tools/call',
      params: { name: 'read_header', arguments: { name: 'X-Demo-Key' } },
    });
    expect(detail.responseBody).toContain('••••');
    expect(detail.responseBody).not.toContain(TOKEN);
    await api(app, 'DELETE', `/api/mcp/sessions/${sessionId}`);
  });

  it('starts a stdio server with a secret passed in its environment, and shows the raw exchange', async () => {
    const connected = await connect({
      transport: 'stdio',
      ...DEMO_STDIO,
      env: [{ key: 'DEMO_TOKEN', value: '{{token}}' }],
    });
    expect(connected.status).toBe(200);
    const sessionId: string = connected.json.session.sessionId;
    const opening = (await api(app, 'GET', `/api/mcp/sessions/${sessionId}/exchange`)).json;
    // initialize, its answer, the initialized notice, then the four lists and their answers.
    expect(opening.entries).toHaveLength(11);
    const answer = await api(app, 'POST', `/api/mcp/sessions/${sessionId}/calls`, {
      method: 'tools/call',
      name: 'read_env',
      arguments: { name: 'DEMO_TOKEN' },
    });
    expect(answer.json.result.content[0].text).toBe(TOKEN);
    const exchange = (await api(app, 'GET', `/api/mcp/sessions/${sessionId}/exchange?after=11`)).json;
    expect(exchange.dropped).toBe(0);
    expect(exchange.entries.map((entry: { seq: number; direction: string }) => [entry.seq, entry.direction])).toEqual([
      [12, 'sent'],
      [13, 'received'],
    ]);
    expect(exchange.entries[0].message).toMatchObject({ method: 'tools/call', params: { name: 'read_env' } });
    await api(app, 'DELETE', `/api/mcp/sessions/${sessionId}`);
    const after = await api(app, 'GET', `/api/mcp/sessions/${sessionId}/catalog`);
    expect(after.status).toBe(404);
    expect(after.json).toEqual({ code: 'NOT_FOUND', message: 'this MCP session has ended; connect again' });
  });

  it('refuses a secret on a stdio command line, before starting anything', async () => {
    const refused = await connect({ transport: 'stdio', command: 'node', args: ['--token={{token}}'], env: [] });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('VALIDATION');
    expect(refused.json.message).toContain('argument 1 uses the secret {{token}}');
    expect(refused.json.message).not.toContain(TOKEN);
  });

  it('refuses settings that name no transport it knows', async () => {
    const refused = await connect({ transport: 'sse' } as unknown as McpSettings);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('mcp.transport must be "http" or "stdio", not "sse"');
  });

  it('says why a server that cannot be reached failed', async () => {
    const refused = await connect({ transport: 'http' }, null, draft({ path: '/nothing-here' }));
    expect(refused.status).toBe(502);
    expect(refused.json.code).toBe('SEND_FAILED');
    expect(refused.json.message).toContain('could not connect to the MCP server');
  });

  it('refuses an agent’s send of an MCP endpoint, saying it is not supported, before asking the person', async () => {
    const endpointId = app.store.endpoints.create(projectId, null, {
      ...draft({ name: 'Local tools' }),
      kind: 'mcp',
      mcp: { transport: 'stdio', ...DEMO_STDIO, env: [] },
    }).id;
    const refused = await app.ui
      .sendForAgent({
        endpointId,
        environmentId: null,
        overrides: { query: [], headers: [], body: null },
        timeoutMs: 5000,
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'VALIDATION' });
    expect((refused as AppError).message).toMatch(
      /^"Local tools" is an MCP server endpoint, and send_endpoint does not support MCP endpoints for agents yet/,
    );
  });

  it('refuses to send an MCP endpoint as an HTTP request', async () => {
    const refused = await api(app, 'POST', '/api/send', {
      requestId: crypto.randomUUID(),
      projectId,
      endpointId: null,
      environmentId: null,
      request: { ...draft(), kind: 'mcp', mcp: { transport: 'http' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      code: 'VALIDATION',
      message: 'an MCP server endpoint is not sent as an HTTP request; Connect opens it',
    });
  });
});
