import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentAnswer, type AppProcess, cleanupAppProcesses, startAppProcess } from './support/app-process.js';

let app: AppProcess;

beforeAll(async () => {
  app = await startAppProcess();
});
afterAll(cleanupAppProcesses);

const ROUTES = [
  ['GET', '/agent/health'],
  ['GET', '/agent/projects'],
  ['GET', '/agent/endpoints/any-project'],
  ['POST', '/agent/curl'],
] as const;
const validImport = { command: 'curl https://api.example.com/items' };

function expectError(answer: AgentAnswer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.json).toEqual({ code, message: expect.any(String) });
  expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
}

async function nothingWritten(): Promise<void> {
  expect((await app.request('GET', '/agent/projects')).json).toEqual([]);
}

describe('the token', () => {
  it.each<readonly [string, string]>([...ROUTES, ['GET', '/not/a/route']])(
    'is required on %s %s (401, before routing)',
    async (method, path) => {
      const body = method === 'POST' ? validImport : undefined;
      expectError(await app.request(method, path, { token: null, body }), 401, 'UNAUTHORIZED');
      expectError(await app.request(method, path, { token: randomUUID(), body }), 401, 'UNAUTHORIZED');
      const asAgentHeader = await app.request(method, path, {
        token: null,
        headers: { 'x-agent-token': 'nope' },
        body,
      });
      expectError(asAgentHeader, 401, 'UNAUTHORIZED');
      await nothingWritten();
    },
  );

  it('is accepted in Authorization: Bearer and in X-Agent-Token', async () => {
    const viaBearer = await app.request('GET', '/agent/health');
    const viaHeader = await app.request('GET', '/agent/health', {
      token: null,
      headers: { 'x-agent-token': app.token },
    });
    const expected = { status: 'ok', app: 'Client', version: '0.1.0', flavor: 'dev', port: app.port };
    expect([viaBearer.status, viaBearer.json, viaHeader.status, viaHeader.json]).toEqual([
      200,
      expected,
      200,
      expected,
    ]);
  });

  it('tells the agent where the token file is', async () => {
    const answer = await app.request('GET', '/agent/projects', { token: null });
    expect((answer.json as { message: string }).message).toContain(app.tokenPath);
  });

  it('does not count in the query string', async () => {
    expectError(await app.request('GET', `/agent/health?token=${app.token}`, { token: null }), 401, 'UNAUTHORIZED');
  });
});

describe('browser protection', () => {
  it.each(['evil.example', `evil.example:${4110}`, '127.0.0.1:1'])('refuses Host %s with 403', async (host) => {
    expectError(await app.request('GET', '/agent/health', { headers: { host } }), 403, 'FORBIDDEN');
  });

  it.each(['https://evil.example', 'null', 'http://127.0.0.1'])('refuses Origin %s with 403', async (origin) => {
    expectError(await app.request('POST', '/agent/curl', { body: validImport, headers: { origin } }), 403, 'FORBIDDEN');
    await nothingWritten();
  });
});

describe('request shape', () => {
  it('refuses a body over 1 MiB with 413', async () => {
    const body = { command: `curl https://api.example.com -d '${'x'.repeat(1024 * 1024)}'` };
    expectError(await app.request('POST', '/agent/curl', { body }), 413, 'PAYLOAD_TOO_LARGE');
    await nothingWritten();
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses Content-Type %s with 415',
    async (contentType) => {
      const answer = await app.request('POST', '/agent/curl', {
        body: JSON.stringify(validImport),
        headers: { 'content-type': contentType },
      });
      expectError(answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
      await nothingWritten();
    },
  );

  it.each(ROUTES)('refuses DELETE, PUT and PATCH on %s %s with 405', async (_method, path) => {
    for (const method of ['DELETE', 'PUT', 'PATCH']) {
      expectError(await app.request(method, path, { body: validImport }), 405, 'METHOD_NOT_ALLOWED');
    }
    await nothingWritten();
  });

  it('answers an unknown path with 404 once the token is right', async () => {
    expectError(await app.request('GET', '/agent/curl/list'), 404, 'NOT_FOUND');
  });
});

describe('the log', () => {
  it('has one line per request and never the token', async () => {
    await app.request('GET', `/agent/projects?token=${app.token}`);
    await app.request('POST', '/agent/curl', { token: randomUUID(), body: validImport });
    const log = app.stderr();
    expect(log).toMatch(/^\d\d:\d\d:\d\d GET \/agent\/projects 200 \d+ms$/m);
    expect(log).toMatch(/^\d\d:\d\d:\d\d POST \/agent\/curl 401 \d+ms$/m);
    expect(log).not.toContain(app.token);
    expect(app.stdout()).not.toContain(app.token);
  });
});
