import { randomUUID } from 'node:crypto';
import {
  type AgentMockRequest,
  type AgentRunAnswer,
  type AgentRunRequest,
  AppError,
  type EndpointListing,
  type ImportRequest,
  type ImportResult,
  type MockInfo,
  type ProjectListing,
} from '@client/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentHandlers } from './agent-handlers.js';
import { type ControlPlane, startControlPlane } from './control-plane.js';
import { type HttpCall, httpCall } from './http-call.test-support.js';
import { readImport } from './read-import.js';

const token = randomUUID();
const project: ProjectListing = {
  projectId: 'p1',
  name: 'Shop',
  description: '',
  baseUrl: 'https://api.example.com',
  endpointCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** What the app answers for an agent's run: the run, finished. */
function runAnswer(runId: string, status: AgentRunAnswer['status']): AgentRunAnswer {
  return {
    runId,
    projectId: 'p1',
    folderId: null,
    environmentId: null,
    name: 'Shop',
    status,
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:01.000Z',
    iterations: 1,
    requests: { total: 1, failed: 0 },
    assertions: { total: 1, failed: 0 },
    failures: [],
    failuresOmitted: 0,
    notes: [],
  };
}
/** A mock the app runs, as it lists it. */
function mockInfo(id: string, startedBy: MockInfo['startedBy']): MockInfo {
  return {
    id,
    projectId: 'p1',
    projectName: 'Shop',
    folderId: null,
    port: 4010,
    url: 'http://127.0.0.1:4010',
    validate: true,
    corsOrigins: '*',
    startedBy,
    startedAt: '2026-01-01T00:00:00.000Z',
  };
}
/** The mocks the routes asked the app to start, as read. */
const mockStarts: AgentMockRequest[] = [];

/** The runs the routes asked the app for, as read. */
const runs: AgentRunRequest[] = [];

/** Route handlers that answer from fixed data and record what they were asked to import, with the URL parsed. */
const imports: (Omit<ImportRequest, 'command'> & { url: string })[] = [];
/** The projects whose whole listing was asked for as JSON bytes. */
const jsonListings: string[] = [];
const handlers: AgentHandlers = {
  listProjects: () => [project],
  listEndpoints(projectId): EndpointListing[] {
    if (projectId === 'broken') throw new Error('disk I/O error');
    if (projectId !== project.projectId) throw new AppError('NOT_FOUND', `no project has projectId "${projectId}"`);
    return [];
  },
  listEndpointsJson(projectId) {
    const listed = handlers.listEndpoints(projectId);
    jsonListings.push(projectId);
    return Buffer.from(JSON.stringify(listed));
  },
  listFolders: () => [],
  listEnvironments: () => [],
  async runTests(request) {
    runs.push(request);
    return runAnswer('r1', 'passed');
  },
  async getRun(runId) {
    if (runId !== 'r1') throw new AppError('NOT_FOUND', `no run of an agent has runId "${runId}"`);
    return runAnswer(runId, 'passed');
  },
  async cancelRun(runId) {
    return runAnswer(runId, 'cancelled');
  },
  async startMock(request) {
    mockStarts.push(request);
    return mockInfo('m1', 'agent');
  },
  listMocks: () => [mockInfo('m0', 'person'), mockInfo('m1', 'agent')],
  async stopMock(mockId) {
    if (mockId !== 'm1') throw new AppError('NOT_FOUND', `no mock has id "${mockId}"`);
    return mockInfo(mockId, 'agent');
  },
  importCurl(request, parsed): ImportResult {
    imports.push({ ...request, url: parsed.url });
    return {
      endpointId: 'e1',
      projectId: 'p1',
      folderId: null,
      name: request.name ?? 'items',
      method: 'GET',
      baseUrl: project.baseUrl,
      path: '/items',
      queryParams: [],
      state: 'Designing',
    };
  },
};

let plane: ControlPlane;
let port: number;
const logLines: string[] = [];

beforeAll(async () => {
  plane = await startControlPlane({
    handlers,
    token,
    tokenPath: '/data/agent-token',
    flavor: 'dev',
    version: '0.1.0',
    ports: [0],
    log: (line) => logLines.push(line),
    // Read on this thread: these tests are about the routes (import-reader-pool.test.ts covers the threads).
    reader: { read: async (body) => readImport(body) },
  });
  if (!plane.status.running) throw new Error(plane.status.reason);
  port = plane.status.port;
});
afterAll(() => plane.close());
beforeEach(() => {
  imports.length = 0;
  runs.length = 0;
  mockStarts.length = 0;
  logLines.length = 0;
});

const bearer = { authorization: `Bearer ${token}` };
const json = { 'content-type': 'application/json' };
const call = (request: HttpCall) => httpCall(port, request);
const importCall = (body: unknown, headers: Record<string, string | null> = {}) =>
  call({
    method: 'POST',
    path: '/agent/curl',
    headers: { ...bearer, ...json, ...headers },
    body: JSON.stringify(body),
  });

const KNOWN_PATHS = [
  ['GET', '/agent/health'],
  ['GET', '/agent/projects'],
  ['GET', '/agent/endpoints/p1'],
  ['POST', '/agent/curl'],
  ['POST', '/agent/run'],
  ['GET', '/agent/runs/r1'],
  ['POST', '/agent/runs/r1/cancel'],
  ['POST', '/agent/mocks/m1/stop'],
] as const;

describe('token', () => {
  it('answers health with the token in Authorization: Bearer or in X-Agent-Token', async () => {
    const health = { status: 'ok', app: 'Client', version: '0.1.0', flavor: 'dev', port };
    expect((await call({ path: '/agent/health', headers: bearer })).json).toEqual(health);
    expect((await call({ path: '/agent/health', headers: { 'x-agent-token': token } })).json).toEqual(health);
    expect((await call({ path: '/agent/health', headers: { authorization: `bearer  ${token}` } })).status).toBe(200);
  });

  it.each<readonly [string, string]>([...KNOWN_PATHS, ['GET', '/no/such/path'], ['DELETE', '/agent/projects']])(
    'refuses %s %s without a token with 401 before routing',
    async (method, path) => {
      const answer = await call({ method, path, headers: json, body: method === 'POST' ? '{}' : undefined });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ code: 'UNAUTHORIZED', message: expect.stringContaining('/data/agent-token') });
      expect(answer.json).toEqual({ code: 'UNAUTHORIZED', message: expect.stringContaining('missing token') });
    },
  );

  it.each(KNOWN_PATHS)('refuses %s %s with a wrong token in either header', async (method, path) => {
    const wrongTokens: Record<string, string>[] = [
      { authorization: `Bearer ${randomUUID()}` },
      { 'x-agent-token': `${token}x` },
    ];
    for (const headers of wrongTokens) {
      const answer = await call({ method, path, headers: { ...headers, ...json }, body: '{}' });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({
        code: 'UNAUTHORIZED',
        message: expect.stringContaining("does not match this install's token"),
      });
      expect((answer.json as { message: string }).message).toContain('delete agent-token and restart the app');
    }
  });

  it('does not count a token in the query string or under another Authorization scheme', async () => {
    const query = await call({ path: `/agent/health?token=${token}` });
    expect(query.status).toBe(401);
    expect((query.json as { message: string }).message).toContain('query string is not accepted');
    const basic = await call({ path: '/agent/health', headers: { authorization: `Basic ${token}` } });
    expect(basic.status).toBe(401);
    expect((basic.json as { message: string }).message).toContain('Bearer scheme');
  });

  it('never writes the token or the query string to the log', async () => {
    await call({ path: `/agent/projects?token=${token}`, headers: bearer });
    await call({ path: '/agent/health', headers: { 'x-agent-token': 'wrong' } });
    expect(logLines).toHaveLength(2);
    expect(logLines[0]).toMatch(/^GET \/agent\/projects 200 \d+ms$/);
    expect(logLines[1]).toMatch(/^GET \/agent\/health 401 \d+ms$/);
    expect(logLines.join('\n')).not.toContain(token);
  });
});

describe('browser and DNS-rebinding protection', () => {
  it.each(['evil.example:PORT', '127.0.0.1:1', 'localhost', '127.0.0.1.evil.example:PORT', null])(
    'refuses the Host header %s with 403',
    async (host) => {
      const answer = await call({
        path: '/agent/health',
        headers: { ...bearer, host: host === null ? null : host.replace('PORT', String(port)) },
      });
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual({ code: 'FORBIDDEN', message: expect.stringContaining(`127.0.0.1:${port}`) });
    },
  );

  it('accepts localhost:<port> as Host', async () => {
    expect((await call({ path: '/agent/health', headers: { ...bearer, host: `localhost:${port}` } })).status).toBe(200);
  });

  it.each(['https://evil.example', 'null', `http://127.0.0.1:${4110}`])(
    'refuses any Origin header (%s) with 403, even with the token',
    async (origin) => {
      const answer = await importCall({ command: 'curl https://api.example.com/items' }, { origin });
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual({ code: 'FORBIDDEN', message: expect.stringContaining('Origin') });
      expect(imports).toEqual([]);
    },
  );

  it('sends no CORS headers, not even to a preflight', async () => {
    const answers = await Promise.all([
      call({ path: '/agent/health', headers: bearer }),
      call({
        method: 'OPTIONS',
        path: '/agent/curl',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      }),
      call({ method: 'OPTIONS', path: '/agent/curl', headers: bearer }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 403, 405]);
    for (const answer of answers) {
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });
});

describe('request limits', () => {
  it('refuses a body over 1 MiB with 413 and reads one of exactly 1 MiB', async () => {
    const command = 'curl https://api.example.com/items -d ';
    const padTo = (size: number) => JSON.stringify({ command: command + 'x'.repeat(size) }).length;
    const exact = 1024 * 1024 - (padTo(0) - 0);
    const fits = await importCall({ command: command + 'x'.repeat(exact) });
    // Read in full, the body reaches the parser, which takes commands of up to 256 KiB.
    expect(fits.json).toEqual({ code: 'VALIDATION', message: expect.stringContaining('larger than 256 KiB') });
    const tooLarge = await importCall({ command: command + 'x'.repeat(exact + 1) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('1048576 bytes') });
    expect(imports).toEqual([]);
  });

  it.each([
    ['text/plain', '{"command":"curl https://a.example"}'],
    ['application/x-www-form-urlencoded', 'command=curl'],
    ['application/jsonp', '{}'],
    [null, '{"command":"curl https://a.example"}'],
    [null, ''],
  ])('refuses a POST with content type %s with 415', async (contentType, body) => {
    const answer = await call({
      method: 'POST',
      path: '/agent/curl',
      headers: { ...bearer, ...(contentType === null ? {} : { 'content-type': contentType }) },
      body,
    });
    expect(answer.status).toBe(415);
    expect(answer.json).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'send the body as JSON with the header "Content-Type: application/json"',
    });
    expect(imports).toEqual([]);
  });

  it('refuses a body that is not UTF-8 with 400 instead of importing replacement characters', async () => {
    const body = Buffer.concat([
      Buffer.from('{"command":"curl https://api.example.com/caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}'),
    ]);
    const answer = await call({ method: 'POST', path: '/agent/curl', headers: { ...bearer, ...json }, body });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ code: 'VALIDATION', message: expect.stringContaining('not valid UTF-8') });
    expect(imports).toEqual([]);
    const utf8 = await importCall({ command: 'curl https://api.example.com/café' });
    expect([utf8.status, imports[0]?.url]).toEqual([201, 'https://api.example.com/café']);
  });

  it('accepts application/json with a charset parameter', async () => {
    const answer = await importCall(
      { command: 'curl https://api.example.com/items' },
      { 'content-type': 'Application/JSON; charset=utf-8' },
    );
    expect(answer.status).toBe(201);
  });
});

describe('routes', () => {
  it('lists projects and the endpoints of one project', async () => {
    expect((await call({ path: '/agent/projects', headers: bearer })).json).toEqual([project]);
    expect((await call({ path: '/agent/endpoints/p1', headers: bearer })).json).toEqual([]);
  });

  it("answers a whole listing with the handlers' JSON bytes, and a filtered one from the listings", async () => {
    jsonListings.length = 0;
    const whole = await call({ path: '/agent/endpoints/p1', headers: bearer });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(jsonListings).toEqual(['p1']);
    const filtered = await call({ path: '/agent/endpoints/p1?limit=5', headers: bearer });
    expect(filtered.json).toEqual([]);
    expect(jsonListings).toEqual(['p1']);
  });

  it('imports with 201 and hands the request fields over as read from camelCase or snake_case', async () => {
    const answer = await importCall({ command: 'curl https://api.example.com/items', project_id: 'p1', name: 'N' });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ endpointId: 'e1', name: 'N', state: 'Designing' });
    expect(imports).toEqual([{ projectId: 'p1', name: 'N', url: 'https://api.example.com/items' }]);
  });

  it.each([
    ['{"command": "curl https://a.example', 'not valid JSON'],
    ['', 'must be a JSON object'],
    ['[]', 'must be a JSON object'],
    ['{}', 'command is required'],
    ['{"command": 42}', 'command must be a string'],
    ['{"command": "curl \'https://a.example"}', 'unbalanced quote'],
  ])('refuses the body %j with 400 VALIDATION saying what to send', async (body, hint) => {
    const answer = await call({ method: 'POST', path: '/agent/curl', headers: { ...bearer, ...json }, body });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ code: 'VALIDATION', message: expect.stringContaining(hint) });
    expect(imports).toEqual([]);
  });

  it('passes a handler AppError through as {code, message}', async () => {
    const answer = await call({ path: '/agent/endpoints/nope', headers: bearer });
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ code: 'NOT_FOUND', message: 'no project has projectId "nope"' });
  });

  it('answers an unexpected failure with 500 INTERNAL and keeps the detail in the log only', async () => {
    const answer = await call({ path: '/agent/endpoints/broken', headers: bearer });
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({ code: 'INTERNAL', message: expect.stringContaining('retry') });
    expect(answer.text).not.toContain('disk I/O');
    expect(logLines.some((line) => line.startsWith('internal error: Error: disk I/O error'))).toBe(true);
  });

  it('answers an unknown path with 404 NOT_FOUND naming the routes', async () => {
    const answer = await call({ path: '/agent/endpoint', headers: bearer });
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ code: 'NOT_FOUND', message: expect.stringContaining('POST /agent/curl') });
  });

  it('answers a malformed path with 400 VALIDATION, and with 401 without the token', async () => {
    expect((await call({ path: '/agent/endpoints/%zz', headers: bearer })).json).toEqual({
      code: 'VALIDATION',
      message: expect.stringContaining('percent-encoding'),
    });
    expect((await call({ path: '/agent/endpoints/%zz' })).status).toBe(401);
  });

  it.each(KNOWN_PATHS)('refuses DELETE, PUT and PATCH on %s %s with 405 and an Allow header', async (method, path) => {
    for (const refused of ['DELETE', 'PUT', 'PATCH']) {
      const answer = await call({ method: refused, path, headers: { ...bearer, ...json }, body: '{}' });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe(method === 'GET' ? 'GET, HEAD' : 'POST');
      expect(answer.json).toEqual({ code: 'METHOD_NOT_ALLOWED', message: expect.stringContaining('never updates') });
    }
    expect(imports).toEqual([]);
  });
});

describe("agents' runs", () => {
  const runCall = (body: unknown, headers: Record<string, string | null> = {}) =>
    call({
      method: 'POST',
      path: '/agent/run',
      headers: { ...bearer, ...json, ...headers },
      body: JSON.stringify(body),
    });

  it('hands a run to the app as read, defaults filled in, and answers with what the app answered', async () => {
    const answer = await runCall({ projectId: 'p1', folderId: null, iterations: 2 });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(runAnswer('r1', 'passed'));
    expect(runs).toEqual([{ projectId: 'p1', folderId: null, environmentId: null, iterations: 2, timeoutMs: 50_000 }]);
  });

  it.each([
    [{}, 'projectId is required'],
    [{ projectId: 'p1', timeoutMs: 10 }, 'timeoutMs must be a whole number from 1000'],
    [{ projectId: 'p1', bail: true }, 'no field "bail"'],
  ])('refuses the run %j with 400 VALIDATION before the app is asked', async (body, message) => {
    const answer = await runCall(body);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ code: 'VALIDATION', message: expect.stringContaining(message) });
    expect(runs).toEqual([]);
  });

  it('refuses a run body that is not JSON with 400 and one of another type with 415', async () => {
    const notJson = await call({ method: 'POST', path: '/agent/run', headers: { ...bearer, ...json }, body: '{' });
    expect(notJson.json).toEqual({ code: 'VALIDATION', message: expect.stringContaining('{"projectId": "…"}') });
    const text = await runCall({ projectId: 'p1' }, { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(runs).toEqual([]);
  });

  it('follows and cancels a run by its id, and answers an unknown one with 404', async () => {
    expect((await call({ path: '/agent/runs/r1', headers: bearer })).json).toEqual(runAnswer('r1', 'passed'));
    const cancelled = await call({ method: 'POST', path: '/agent/runs/r1/cancel', headers: { ...bearer, ...json } });
    expect(cancelled.json).toEqual(runAnswer('r1', 'cancelled'));
    const unknown = await call({ path: '/agent/runs/nope', headers: bearer });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ code: 'NOT_FOUND', message: 'no run of an agent has runId "nope"' });
    const noId = await call({ path: '/agent/runs/', headers: bearer });
    expect(noId.status).toBe(404);
    expect(noId.json).toEqual({ code: 'NOT_FOUND', message: expect.stringContaining('put a runId in the path') });
  });

  it('answers 500 INTERNAL saying how to start the app when the app cannot run tests', async () => {
    const { runTests } = handlers;
    delete handlers.runTests;
    try {
      const answer = await runCall({ projectId: 'p1' });
      expect(answer.status).toBe(500);
      expect(answer.json).toEqual({ code: 'INTERNAL', message: expect.stringContaining('to let agents run tests') });
    } finally {
      handlers.runTests = runTests;
    }
  });
});

describe("agents' mocks", () => {
  const startCall = (body: string, headers: Record<string, string | null> = {}) =>
    call({ method: 'POST', path: '/agent/mocks', headers: { ...bearer, ...json, ...headers }, body });

  it('starts a mock with 201 as read from the body, and lists the running ones', async () => {
    const started = await startCall(JSON.stringify({ projectId: 'p1', folderId: 'f1' }));
    expect(started.status).toBe(201);
    expect(started.json).toEqual(mockInfo('m1', 'agent'));
    expect(mockStarts).toEqual([{ projectId: 'p1', folderId: 'f1' }]);
    const listed = await call({ path: '/agent/mocks', headers: bearer });
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([mockInfo('m0', 'person'), mockInfo('m1', 'agent')]);
  });

  it.each([
    ['{}', 'projectId is required'],
    ['{"projectId": "p1", "port": 4010}', 'no field "port"'],
    ['{', '{"projectId": "…"}'],
  ])('refuses the body %s with 400 VALIDATION before the app is asked', async (body, message) => {
    const answer = await startCall(body);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ code: 'VALIDATION', message: expect.stringContaining(message) });
    expect(mockStarts).toEqual([]);
  });

  it('refuses a start whose body is not JSON with 415', async () => {
    const answer = await startCall('{"projectId": "p1"}', { 'content-type': 'text/plain' });
    expect(answer.status).toBe(415);
    expect(mockStarts).toEqual([]);
  });

  it('stops a mock by its id, and answers an unknown one with 404', async () => {
    const stopped = await call({ method: 'POST', path: '/agent/mocks/m1/stop', headers: bearer });
    expect(stopped.status).toBe(200);
    expect(stopped.json).toEqual(mockInfo('m1', 'agent'));
    const unknown = await call({ method: 'POST', path: '/agent/mocks/m9/stop', headers: bearer });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ code: 'NOT_FOUND', message: 'no mock has id "m9"' });
  });

  it('answers other methods on /agent/mocks with 405 naming GET and POST', async () => {
    const answer = await call({ method: 'DELETE', path: '/agent/mocks', headers: bearer });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD, POST');
  });

  it('answers 500 INTERNAL saying how to start the app when the app runs no mocks', async () => {
    const { startMock } = handlers;
    delete handlers.startMock;
    try {
      const answer = await startCall('{"projectId": "p1"}');
      expect(answer.status).toBe(500);
      expect(answer.json).toEqual({ code: 'INTERNAL', message: expect.stringContaining('to let agents start mocks') });
    } finally {
      handlers.startMock = startMock;
    }
  });
});
