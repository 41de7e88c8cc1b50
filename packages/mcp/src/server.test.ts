import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Endpoint, toEndpointListing, toImportResult, toProjectListing } from '@client/core';
import { ensureToken } from '@client/local';
import {
  controlPlaneHandler,
  freePort,
  type HttpStandIn,
  type SeenRequest,
  type StandInAnswer,
  startHttpStandIn,
} from '@client/local/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClientMcpServer } from './server.js';
import type { ToolContext } from './tool-context.js';

const endpoint: Endpoint = {
  id: 'e-1',
  projectId: 'p-1',
  folderId: null,
  name: 'users',
  method: 'POST',
  path: '/v1/users',
  queryParams: [{ key: 'page', value: '2' }],
  headers: [
    { key: 'Authorization', value: 'Bearer secret' },
    { key: 'Accept', value: 'application/json' },
  ],
  body: { mode: 'json', text: '{"name":"ada"}' },
  auth: { type: 'none' },
  state: 'Designing',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const project = {
  id: 'p-1',
  name: 'Shop',
  description: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const importResult = toImportResult(endpoint, 'https://api.example.com', {
  warning: 'base_url is https://staging.example.com; this endpoint will be sent there',
});
const projectListing = toProjectListing(project, 'https://api.example.com', 1);
const endpointListing = toEndpointListing(endpoint, 'https://api.example.com');

let dataDir: string;
let token: string;
let controlPlane: HttpStandIn | undefined;
let client: Client;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'client-mcp-server-'));
});
afterEach(async () => {
  await client?.close();
  await controlPlane?.close();
  controlPlane = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

async function connect(ports: number[], env: NodeJS.ProcessEnv = { CLIENT_DATA_DIR: dataDir }): Promise<void> {
  const context: ToolContext = {
    env,
    ports,
    hintTimeoutMs: 500,
    scanTimeoutMs: 300,
    callTimeoutMs: 2000,
    progressIntervalMs: 50,
  };
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createClientMcpServer('0.1.0', context).connect(serverSide);
  client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  // The client checks structured results against the listed output schemas, as agents' MCP clients do.
  await client.listTools();
}

async function withControlPlane(routes: Record<string, (request: SeenRequest) => StandInAnswer>): Promise<HttpStandIn> {
  token = ensureToken(dataDir).token;
  controlPlane = await startHttpStandIn(controlPlaneHandler(token, routes));
  await connect([controlPlane.port]);
  return controlPlane;
}

async function call(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function text(result: CallToolResult): string {
  const [first] = result.content;
  if (first?.type !== 'text') throw new Error('expected one text block');
  return first.text;
}

describe('the client-mcp tools', () => {
  it('lists the tools with titles, input and output schemas, and read-only hints on the readers', async () => {
    await connect([await freePort()]);
    const { tools } = await client.listTools();

    expect(tools.map((tool) => tool.name)).toEqual([
      'save_curl',
      'list_projects',
      'list_endpoints',
      'list_folders',
      'list_environments',
      'send_endpoint',
      'run_tests',
      'get_run',
      'cancel_run',
      'start_mock',
      'list_mocks',
      'stop_mock',
      'agent_info',
    ]);
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName.save_curl?.inputSchema).toMatchObject({
      type: 'object',
      properties: {
        command: { type: 'string' },
        // null is accepted as absent, as the HTTP API documents.
        name: { type: ['string', 'null'] },
        projectId: { type: ['string', 'null'] },
        folderId: { type: ['string', 'null'] },
      },
      required: ['command'],
    });
    expect(byName.list_projects?.inputSchema.properties).toEqual({});
    expect(byName.list_endpoints?.inputSchema).toMatchObject({ required: ['projectId'] });
    expect(byName.agent_info?.inputSchema.properties).toEqual({});
    expect(byName.save_curl?.outputSchema?.required).toEqual([
      'endpointId',
      'projectId',
      'folderId',
      'name',
      'method',
      'baseUrl',
      'path',
      'queryParams',
      'state',
    ]);
    expect(byName.list_projects?.outputSchema?.required).toEqual(['projects']);
    expect(byName.list_endpoints?.outputSchema?.required).toEqual(['projectId', 'endpoints', 'nextCursor']);
    expect(byName.save_curl?.outputSchema?.properties).toHaveProperty('curlWarnings');
    expect(byName.save_curl?.description).toContain('curlWarnings');
    expect(byName.send_endpoint?.inputSchema).toMatchObject({ required: ['endpointId'] });
    expect(byName.agent_info?.outputSchema?.required).toEqual([
      'running',
      'address',
      'tokenPath',
      'dataDir',
      'flavor',
      'ports',
      'appVersion',
      'reason',
    ]);
    for (const tool of tools) {
      expect(tool.title, tool.name).toMatch(/\w/);
      expect(tool.description?.length, tool.name).toBeGreaterThan(100);
    }
    expect(tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint])).toEqual([
      ['save_curl', false],
      ['list_projects', true],
      ['list_endpoints', true],
      ['list_folders', true],
      ['list_environments', true],
      ['send_endpoint', false],
      ['run_tests', false],
      ['get_run', true],
      ['cancel_run', false],
      ['start_mock', false],
      ['list_mocks', true],
      ['stop_mock', false],
      ['agent_info', true],
    ]);
    expect(byName.run_tests?.inputSchema).toMatchObject({ required: ['projectId'] });
    expect(byName.get_run?.inputSchema).toMatchObject({ required: ['runId'] });
    expect(byName.run_tests?.outputSchema?.required).toEqual([
      'runId',
      'projectId',
      'folderId',
      'environmentId',
      'name',
      'status',
      'startedAt',
      'finishedAt',
      'iterations',
      'requests',
      'assertions',
      'failures',
      'failuresOmitted',
      'notes',
    ]);
    expect(byName.save_curl?.inputSchema.properties).toHaveProperty('tests');
    expect(byName.save_curl?.annotations).toMatchObject({ destructiveHint: false, idempotentHint: false });
  });

  it('save_curl posts the command as JSON and returns the import result as structured content and text', async () => {
    const cp = await withControlPlane({ 'POST /agent/curl': () => ({ status: 201, json: importResult }) });
    const command = 'curl -X POST \'https://api.example.com/v1/users?page=2\' -d \'{"name":"ada"}\'';

    const result = await call('save_curl', { command, projectId: 'p-1' });

    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(importResult);
    expect(JSON.parse(text(result))).toEqual(importResult);
    const sent = cp.seen.find((request) => request.url === '/agent/curl');
    expect(sent?.method).toBe('POST');
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers.authorization).toBe(`Bearer ${token}`);
    expect(JSON.parse(sent?.body ?? '')).toEqual({ command, projectId: 'p-1' });
  });

  it('list_projects wraps the project list in {projects}, asked right after the hello proved the token', async () => {
    const cp = await withControlPlane({ 'GET /agent/projects': () => ({ status: 200, json: [projectListing] }) });

    const result = await call('list_projects');

    expect(result.structuredContent).toEqual({ projects: [projectListing] });
    expect(JSON.parse(text(result))).toEqual({ projects: [projectListing] });
    expect(cp.seen.map((request) => [request.url.split('?')[0], request.headers.authorization])).toEqual([
      ['/agent/hello', undefined],
      ['/agent/projects', `Bearer ${token}`],
    ]);
    // On the connection whose listener gave the proof.
    expect(cp.seen[1]?.clientPort).toBe(cp.seen[0]?.clientPort);
  });

  it('list_endpoints asks for the escaped project id and wraps the answer in {projectId, endpoints}', async () => {
    await withControlPlane({
      'GET /agent/endpoints/p%2F1?limit=101': () => ({ status: 200, json: [endpointListing] }),
    });

    const result = await call('list_endpoints', { projectId: 'p/1' });

    expect(result.structuredContent).toEqual({ projectId: 'p/1', endpoints: [endpointListing], nextCursor: null });
    expect(endpointListing.headers).toEqual([
      { key: 'Authorization', value: '••••' },
      { key: 'Accept', value: 'application/json' },
    ]);
  });

  it('list_endpoints passes the filter on, asks for one more than the limit and gives the next cursor', async () => {
    const page = [
      endpointListing,
      { ...endpointListing, endpointId: 'e-2' },
      { ...endpointListing, endpointId: 'e-3' },
    ];
    const cp = await withControlPlane({
      'GET /agent/endpoints/p-1?folderId=f-1&query=user&cursor=4&limit=3': () => ({ status: 200, json: page }),
    });

    const result = await call('list_endpoints', {
      projectId: 'p-1',
      folderId: 'f-1',
      query: 'user',
      cursor: '4',
      limit: 2,
    });

    expect(result.structuredContent).toEqual({ projectId: 'p-1', endpoints: page.slice(0, 2), nextCursor: '6' });
    expect(cp.seen.at(-1)?.url).toBe('/agent/endpoints/p-1?folderId=f-1&query=user&cursor=4&limit=3');
  });

  it('list_folders and list_environments wrap their lists with the project id', async () => {
    const folder = { folderId: 'f-1', projectId: 'p-1', parentId: null, name: 'Users' };
    const environment = { environmentId: 'v-1', projectId: 'p-1', name: 'Live', active: true, variables: [] };
    await withControlPlane({
      'GET /agent/folders/p-1': () => ({ status: 200, json: [folder] }),
      'GET /agent/environments/p-1': () => ({ status: 200, json: [environment] }),
    });

    expect((await call('list_folders', { projectId: 'p-1' })).structuredContent).toEqual({
      projectId: 'p-1',
      folders: [folder],
    });
    expect((await call('list_environments', { projectId: 'p-1' })).structuredContent).toEqual({
      projectId: 'p-1',
      environments: [environment],
    });
  });

  it('send_endpoint posts the send with nulls for what is absent and passes DENIED through as a tool error', async () => {
    const denied = { code: 'DENIED', message: 'the person denied this send in the Client app' };
    const cp = await withControlPlane({ 'POST /agent/send': () => ({ status: 403, json: denied }) });

    const result = await call('send_endpoint', { endpointId: 'e-1', environmentId: null, overrides: null });

    expect(result).toEqual({ content: [{ type: 'text', text: JSON.stringify(denied) }], isError: true });
    expect(JSON.parse(cp.seen.at(-1)?.body ?? '')).toEqual({
      endpointId: 'e-1',
      environmentId: null,
      overrides: null,
      timeoutMs: 50_000,
    });
  });

  it('save_curl sends assertion rows as tests, and refuses a row of an unknown source without calling the app', async () => {
    const cp = await withControlPlane({ 'POST /agent/curl': () => ({ status: 201, json: importResult }) });
    const tests = [{ source: 'status', operator: 'eq', value: 200 }];

    expect((await call('save_curl', { command: 'curl https://api.example.com/x', tests })).isError).toBeFalsy();
    expect(JSON.parse(cp.seen.at(-1)?.body ?? '')).toEqual({ command: 'curl https://api.example.com/x', tests });

    const seen = cp.seen.length;
    const bad = await call('save_curl', { command: 'curl https://api.example.com/x', tests: [{ source: 'nope' }] });
    expect(bad.isError).toBe(true);
    expect(JSON.parse(text(bad))).toEqual({ code: 'VALIDATION', message: expect.stringContaining('tests.0.source') });
    expect(cp.seen).toHaveLength(seen);
  });

  it('run_tests posts the run with nulls for what is absent and the default wait, and answers a job as it came', async () => {
    const job = {
      runId: 'r-1',
      projectId: 'p-1',
      folderId: null,
      environmentId: null,
      name: 'Shop',
      status: 'running',
      startedAt: '2026-01-01T00:00:00.000Z',
      finishedAt: null,
      iterations: 1,
      requests: { total: 1, failed: 0 },
      assertions: { total: 2, failed: 1 },
      failures: [{ iteration: 0, endpointId: 'e-1', request: 'users', assertion: 'status eq 200', message: 'no' }],
      failuresOmitted: 0,
      notes: ['The run goes on in the Client app; call get_run'],
    };
    const cancelled = { ...job, status: 'cancelled', finishedAt: '2026-01-01T00:00:01.000Z' };
    const cp = await withControlPlane({
      'POST /agent/run': () => ({ status: 200, json: job }),
      'GET /agent/runs/r%2F1': () => ({ status: 200, json: job }),
      'POST /agent/runs/r-1/cancel': () => ({ status: 200, json: cancelled }),
      'GET /agent/runs/r-9': () => ({ status: 404, json: { code: 'NOT_FOUND', message: 'no run of an agent' } }),
    });

    const started = await call('run_tests', { projectId: 'p-1', folderId: null });
    expect(started.structuredContent).toEqual(job);
    expect(JSON.parse(text(started))).toEqual(job);
    expect(JSON.parse(cp.seen.at(-1)?.body ?? '')).toEqual({
      projectId: 'p-1',
      folderId: null,
      environmentId: null,
      iterations: null,
      timeoutMs: 50_000,
    });
    expect((await call('get_run', { runId: 'r/1' })).structuredContent).toEqual(job);
    expect((await call('cancel_run', { runId: 'r-1' })).structuredContent).toEqual(cancelled);
    expect(JSON.parse(text(await call('get_run', { runId: 'r-9' })))).toEqual({
      code: 'NOT_FOUND',
      message: 'no run of an agent',
    });
  });

  it('start_mock, list_mocks and stop_mock forward to the mock routes and answer as the app did', async () => {
    const mock = {
      id: 'm-1',
      projectId: 'p-1',
      projectName: 'Shop',
      folderId: null,
      port: 4010,
      url: 'http://127.0.0.1:4010',
      validate: true,
      corsOrigins: '*',
      startedBy: 'agent',
      startedAt: '2026-01-01T00:00:00.000Z',
    };
    const cp = await withControlPlane({
      'POST /agent/mocks': () => ({ status: 201, json: mock }),
      'GET /agent/mocks': () => ({ status: 200, json: [mock] }),
      'POST /agent/mocks/m%2F1/stop': () => ({ status: 200, json: mock }),
      'POST /agent/mocks/m-9/stop': () => ({ status: 404, json: { code: 'NOT_FOUND', message: 'no mock m-9' } }),
    });

    const started = await call('start_mock', { projectId: 'p-1' });
    expect(started.structuredContent).toEqual(mock);
    expect(JSON.parse(text(started))).toEqual(mock);
    expect(JSON.parse(cp.seen.at(-1)?.body ?? '')).toEqual({ projectId: 'p-1', folderId: null });
    expect((await call('list_mocks')).structuredContent).toEqual({ mocks: [mock] });
    expect((await call('stop_mock', { id: 'm/1' })).structuredContent).toEqual(mock);
    const unknown = await call('stop_mock', { id: 'm-9' });
    expect(unknown.isError).toBe(true);
    expect(JSON.parse(text(unknown))).toEqual({ code: 'NOT_FOUND', message: 'no mock m-9' });

    const seen = cp.seen.length;
    const bad = await call('start_mock', { folderId: 'f-1' });
    expect(bad.isError).toBe(true);
    expect(JSON.parse(text(bad))).toEqual({ code: 'VALIDATION', message: expect.stringContaining('projectId') });
    expect(cp.seen).toHaveLength(seen);
  });

  it('run_tests tells a client that asked for progress that it is still waiting, until the call is cancelled', async () => {
    const cp = await withControlPlane({ 'POST /agent/run': () => 'hang' });
    const updates: { progress: number; total?: number; message?: string }[] = [];
    const stop = new AbortController();

    const calling = client.callTool(
      { name: 'run_tests', arguments: { projectId: 'p-1', timeoutMs: 1000 } },
      undefined,
      {
        onprogress: (update) => updates.push(update),
        signal: stop.signal,
      },
    );

    await vi.waitFor(() => expect(updates.length).toBeGreaterThanOrEqual(2), { timeout: 5000, interval: 20 });
    expect(updates[1]?.progress).toBeGreaterThan(updates[0]?.progress ?? Number.POSITIVE_INFINITY);
    expect(updates[0]).toMatchObject({
      total: 1000,
      message: expect.stringContaining("waiting for the person's answer"),
    });
    expect(cp.seen.some((request) => request.url === '/agent/run')).toBe(true);
    stop.abort();
    await expect(calling).rejects.toThrow();
  });

  it('refuses arguments that do not fit a tool with VALIDATION naming each problem, without calling the app', async () => {
    const cp = await withControlPlane({});

    const result = await call('list_endpoints', { projectId: 7, limit: 0 });

    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text: JSON.stringify({
            code: 'VALIDATION',
            message:
              'invalid arguments for list_endpoints: projectId: Invalid input: expected string, received number; ' +
              'limit: Too small: expected number to be >=1',
          }),
        },
      ],
      isError: true,
    });
    expect(cp.seen).toEqual([]);
  });

  it('passes fields a newer control plane adds through to the agent', async () => {
    await withControlPlane({
      'GET /agent/projects': () => ({ status: 200, json: [{ ...projectListing, color: 'teal' }] }),
    });

    expect((await call('list_projects')).structuredContent).toEqual({
      projects: [{ ...projectListing, color: 'teal' }],
    });
  });

  it('agent_info reports the running control plane', async () => {
    const cp = await withControlPlane({});

    const result = await call('agent_info');

    expect(result.structuredContent).toEqual({
      running: true,
      address: `http://127.0.0.1:${cp.port}`,
      tokenPath: join(dataDir, 'agent-token'),
      dataDir,
      flavor: 'dev',
      ports: [cp.port],
      appVersion: '0.1.0',
      reason: null,
    });
    expect(JSON.parse(text(result))).toEqual(result.structuredContent);
  });

  it('agent_info answers with the app stopped, saying why and what to do', async () => {
    ensureToken(dataDir);
    const port = await freePort();
    await connect([port]);

    const result = await call('agent_info');

    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      running: false,
      address: null,
      tokenPath: join(dataDir, 'agent-token'),
      dataDir,
      flavor: 'dev',
      ports: [port],
      appVersion: null,
    });
    expect(result.structuredContent?.reason).toMatch(
      /^no running control plane \(data dir .+\): agent\.json names no port/,
    );
  });

  it('agent_info prefixes UNAUTHORIZED to the reason when a control plane rejects the token', async () => {
    ensureToken(dataDir);
    controlPlane = await startHttpStandIn(controlPlaneHandler('1b4e28ba-2fa1-41d2-883f-0016d3cca427'));
    await connect([controlPlane.port]);

    const result = await call('agent_info');

    expect(result.structuredContent?.running).toBe(false);
    expect(result.structuredContent?.reason).toMatch(
      /^UNAUTHORIZED: the listener on port \d+ answered as a Client control plane but could not prove it holds/,
    );
  });

  it('passes the control plane’s {code, message} through unchanged', async () => {
    const validation = { code: 'VALIDATION', message: 'the command must start with "curl"; got "wget"' };
    const notFound = { code: 'NOT_FOUND', message: 'project p-9 does not exist; call list_projects' };
    await withControlPlane({
      'POST /agent/curl': () => ({ status: 400, json: validation }),
      'GET /agent/endpoints/p-9?limit=101': () => ({ status: 404, json: notFound }),
    });

    const bad = await call('save_curl', { command: 'wget https://example.com' });
    const missing = await call('list_endpoints', { projectId: 'p-9' });

    expect(bad).toEqual({ content: [{ type: 'text', text: JSON.stringify(validation) }], isError: true });
    expect(missing).toEqual({ content: [{ type: 'text', text: JSON.stringify(notFound) }], isError: true });
  });

  it('rewords a 401 on the call itself to name the token file and the remedy', async () => {
    await withControlPlane({
      'GET /agent/projects': () => ({ status: 401, json: { code: 'UNAUTHORIZED', message: 'wrong agent token' } }),
    });

    const result = await call('list_projects');

    expect(result.isError).toBe(true);
    const error = JSON.parse(text(result));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toContain(`delete ${join(dataDir, 'agent-token')} and restart the app`);
  });

  it('reports INTERNAL when the control plane fails without an error body or answers an unknown shape', async () => {
    const cp = await withControlPlane({
      'GET /agent/projects': () => ({ status: 502, text: 'Bad Gateway' }),
      'GET /agent/endpoints/p-1?limit=101': () => ({ status: 200, json: { unexpected: true } }),
    });

    expect(JSON.parse(text(await call('list_projects')))).toEqual({
      code: 'INTERNAL',
      message: `the control plane at http://127.0.0.1:${cp.port} answered HTTP 502 without an error body; see the app's log`,
    });
    const odd = JSON.parse(text(await call('list_endpoints', { projectId: 'p-1' })));
    expect(odd.code).toBe('INTERNAL');
    expect(odd.message).toMatch(
      /^the control plane at .+ answered GET \/agent\/endpoints\/p-1\?limit=101 in a shape this client-mcp does not know/,
    );
  });

  it('reports a control plane that drops the call as stopped, warning that an import may have been saved', async () => {
    const cp = await withControlPlane({ 'POST /agent/curl': () => 'reset', 'GET /agent/projects': () => 'reset' });
    const stopped =
      `no running control plane (data dir ${dataDir}, flavor dev): the control plane at ` +
      `http://127.0.0.1:${cp.port} stopped answering during the call (ECONNRESET). Start the app: run \`npm start\` ` +
      `in the Client source checkout with CLIENT_DATA_DIR=${dataDir}. Then call the tool again; client-mcp finds the ` +
      'app without being restarted.';

    expect(text(await call('list_projects'))).toBe(stopped);
    expect(text(await call('save_curl', { command: 'curl https://example.com' }))).toBe(
      `${stopped} The command may have been saved already: check list_endpoints first.`,
    );
  });

  it('fails every forwarding tool with "no running control plane" when nothing listens', async () => {
    ensureToken(dataDir);
    await connect([await freePort()]);

    for (const [name, args] of [
      ['save_curl', { command: 'curl https://example.com' }],
      ['list_projects', {}],
      ['list_endpoints', { projectId: 'p-1' }],
    ] as const) {
      const result = await call(name, args);
      expect(result.isError, name).toBe(true);
      expect(result.structuredContent, name).toBeUndefined();
      expect(text(result), name).toMatch(/^no running control plane \(data dir /);
    }
  });

  it('fails with UNAUTHORIZED naming the token path when the only control plane rejects the token', async () => {
    ensureToken(dataDir);
    controlPlane = await startHttpStandIn(controlPlaneHandler('1b4e28ba-2fa1-41d2-883f-0016d3cca427'));
    await connect([controlPlane.port]);

    const result = await call('list_projects');

    expect(result.isError).toBe(true);
    const error = JSON.parse(text(result));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toContain(
      `could not prove it holds the agent token read from ${join(dataDir, 'agent-token')}`,
    );
  });

  it('reports a malformed CLIENT_DATA_DIR as VALIDATION instead of guessing', async () => {
    await connect([await freePort()], { CLIENT_DATA_DIR: 'relative/dir' });

    const result = await call('agent_info');

    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text: JSON.stringify({
            code: 'VALIDATION',
            message: 'CLIENT_DATA_DIR must be an absolute path, not "relative/dir"',
          }),
        },
      ],
      isError: true,
    });
  });
});
