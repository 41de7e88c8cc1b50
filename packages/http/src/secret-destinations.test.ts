import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError, DEFAULT_REQUEST_SETTINGS, type EndpointDraft } from '@client/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PreparedRequest, VariableScope } from './index.js';
import { testEngine } from './test-engine.test-support.js';

const engine = testEngine();
const limits = { displayBytes: 1024, readLimitBytes: 4096 };
const SECRET = 'sk-live-0123456789';

/** Two servers: the one the secret is allowed at, and another that must never see a request carrying it. */
const seen: { allowed: IncomingMessage[]; other: IncomingMessage[] } = { allowed: [], other: [] };
const servers: Server[] = [];
let allowedPort = 0;
let otherPort = 0;

async function listen(record: IncomingMessage[], answer?: (response: import('node:http').ServerResponse) => void) {
  const server = createServer((request, response) => {
    record.push(request);
    if (answer === undefined) response.end('ok');
    else answer(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  otherPort = await listen(seen.other);
  allowedPort = await listen(seen.allowed, (response) => {
    // A redirect to the other server, by the other name of the same machine.
    response.writeHead(307, { location: `http://localhost:${otherPort}/landed` }).end();
  });
});
beforeEach(() => {
  seen.allowed.length = 0;
  seen.other.length = 0;
});
afterAll(async () => {
  await engine.close();
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

function draft(extra: Partial<EndpointDraft>): PreparedRequest['request'] {
  return {
    name: 'e',
    method: 'GET',
    path: '/x',
    queryParams: [],
    headers: [],
    body: { mode: 'none' },
    auth: { type: 'none' },
    state: 'Designing',
    ...extra,
  } as PreparedRequest['request'];
}

/** base_url points at `host`; `token` is a secret allowed at 127.0.0.1 on the allowed server's port only. */
function scope(host: string, port: number, extra: { key: string; value: string; secret: boolean }[] = []) {
  return VariableScope.layered(
    [{ key: 'base_url', value: `http://${host}:${port}` }],
    [
      { key: 'token', value: SECRET, secret: true, allowedHosts: [`127.0.0.1:${allowedPort}`] },
      { key: 'free', value: 'free-secret-value', secret: true },
      ...extra,
    ],
  );
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('a secret held to allowed hosts', () => {
  it('goes to a host it is allowed at', async () => {
    const prepared = await engine.prepare(
      draft({ headers: [{ key: 'X-Key', value: '{{token}}' }] }),
      scope('127.0.0.1', allowedPort),
      { ...DEFAULT_REQUEST_SETTINGS, followRedirects: false },
    );
    const outcome = await engine.send(prepared, { jar: null, projectId: 'p', limits });
    expect(outcome.kind).toBe('response');
    expect(seen.allowed.map((request) => request.headers['x-key'])).toEqual([SECRET]);
  });

  it.each([
    ['a header', { headers: [{ key: 'X-Key', value: 'Bearer {{token}}' }] }],
    ['the query', { queryParams: [{ key: 'k', value: '{{token}}' }] }],
    ['the path', { path: '/x/{{token}}' }],
    ['a JSON body', { method: 'POST', body: { mode: 'json' as const, text: '{"k":"{{token}}"}' } }],
    [
      'a form field',
      { method: 'POST', body: { mode: 'urlencoded' as const, fields: [{ key: 'k', value: '{{token}}' }] } },
    ],
    ['a file path', { method: 'POST', body: { mode: 'file' as const, path: '/tmp/{{token}}' } }],
    ['the auth', { auth: { type: 'basic' as const, username: 'u', password: '{{token}}' } }],
    ['a variable that names it', { headers: [{ key: 'X-Key', value: '{{wrapped}}' }] }],
  ])('in %s is refused for another host before anything goes out, naming the secret and the host', async (_, extra) => {
    const other = scope('localhost', otherPort, [{ key: 'wrapped', value: 'Bearer {{token}}', secret: false }]);
    const error = await refusal(engine.prepare(draft(extra), other, DEFAULT_REQUEST_SETTINGS));
    expect(error.code).toBe('FORBIDDEN');
    expect(error.message).toContain('{{token}}');
    expect(error.message).toContain(`localhost:${otherPort}`);
    expect(error.message).not.toContain(SECRET);
    expect(seen.other).toEqual([]);
  });

  it('is refused at the same host on another port, and in a switched-off row is not counted', async () => {
    const samePortless = await refusal(
      engine.prepare(
        draft({ headers: [{ key: 'X-Key', value: '{{token}}' }] }),
        scope('127.0.0.1', otherPort),
        DEFAULT_REQUEST_SETTINGS,
      ),
    );
    expect(samePortless.code).toBe('FORBIDDEN');
    const off = await engine.prepare(
      draft({ headers: [{ key: 'X-Key', value: '{{token}}', enabled: false }] }),
      scope('localhost', otherPort),
      DEFAULT_REQUEST_SETTINGS,
    );
    expect(off.secrets).toEqual([]);
  });

  it("is found when a script copied its value into the request as text, or into pm.sendRequest's", async () => {
    const copied = await refusal(
      engine.prepare(
        draft({ headers: [{ key: 'X-Key', value: encodeURIComponent(SECRET) }] }),
        scope('localhost', otherPort),
        DEFAULT_REQUEST_SETTINGS,
      ),
    );
    expect(copied.message).toContain('{{token}}');
    const sendRequest = await refusal(
      engine.prepare(
        draft({ path: `http://localhost:${otherPort}/x`, body: { mode: 'text', text: `t=${SECRET}` }, method: 'POST' }),
        VariableScope.layered([], []),
        DEFAULT_REQUEST_SETTINGS,
        scope('127.0.0.1', allowedPort),
      ),
    );
    expect(sendRequest.code).toBe('FORBIDDEN');
    expect(seen.other).toEqual([]);
  });

  it('is refused when an OAuth 2.0 grant would send it to a token URL on a host it is not allowed at', async () => {
    const oauth2 = (tokenUrl: string) =>
      draft({
        auth: { type: 'oauth2', tokenUrl, clientId: 'shop', clientSecret: '{{token}}', scope: '' },
      });
    const error = await refusal(
      engine.prepare(
        oauth2(`http://localhost:${otherPort}/token`),
        scope('127.0.0.1', allowedPort),
        DEFAULT_REQUEST_SETTINGS,
      ),
    );
    expect(error.code).toBe('FORBIDDEN');
    expect(error.message).toContain(`token request carries a secret; the secret {{token}}`);
    expect(error.message).toContain(`not to localhost:${otherPort}`);
    const allowed = await engine.prepare(
      oauth2(`http://127.0.0.1:${allowedPort}/token`),
      scope('127.0.0.1', allowedPort),
      DEFAULT_REQUEST_SETTINGS,
    );
    expect(allowed.secrets.map((secret) => secret.name)).toEqual(['token']);
  });

  it('leaves a secret with no list (an environment file’s) free to go anywhere', async () => {
    const prepared = await engine.prepare(
      draft({ headers: [{ key: 'X-Free', value: '{{free}}' }] }),
      scope('localhost', otherPort),
      DEFAULT_REQUEST_SETTINGS,
    );
    expect(prepared.secrets).toEqual([]);
  });

  it('is not carried by a redirect to a host it is not allowed at: the redirect is not followed', async () => {
    const prepared = await engine.prepare(
      draft({ headers: [{ key: 'X-Key', value: '{{token}}' }] }),
      scope('127.0.0.1', allowedPort),
      DEFAULT_REQUEST_SETTINGS,
    );
    const outcome = await engine.send(prepared, { jar: null, projectId: 'p', limits });
    expect(outcome.kind === 'response' && outcome.status).toBe(307);
    const warnings = outcome.kind === 'response' ? outcome.warnings.join('\n') : '';
    expect(warnings).toContain(`Did not follow the redirect: the secret {{token}}`);
    expect(warnings).toContain(`localhost:${otherPort}`);
    expect(seen.allowed).toHaveLength(1);
    expect(seen.other).toEqual([]);
  });

  it('does not stop a redirect of a request that carries no secret', async () => {
    const prepared = await engine.prepare(draft({}), scope('127.0.0.1', allowedPort), DEFAULT_REQUEST_SETTINGS);
    const outcome = await engine.send(prepared, { jar: null, projectId: 'p', limits });
    expect(outcome.kind === 'response' && outcome.status).toBe(200);
    expect(seen.other.map((request) => request.url)).toEqual(['/landed']);
  });
});
