import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type EndpointBody, type EndpointDraft, parseCurl, toCurlCommand } from '@client/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, endpointDraft, startTargetServer, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
let target: Awaited<ReturnType<typeof startTargetServer>>;
/** Requests that reached `/slow`, which never answers. */
let slowArrived = 0;
const SECRET = 'sk_live_do-not-store-me';
/** About 6 MiB of JSON: past what stays in memory, so its body is spilled to a file. */
const HUGE_JSON = JSON.stringify(
  Array.from({ length: 60_000 }, (_, id) => ({ id, name: `user ${id}`, tags: ['a', 'b'], note: 'é'.repeat(30) })),
);

beforeAll(async () => {
  app = await startTestApp({ sendTimeoutMs: 1000 });
  target = await startTargetServer((request, response) => {
    if (request.url.startsWith('/slow')) {
      slowArrived++;
      return; // never answers
    }
    if (request.url.startsWith('/big')) {
      response.setHeader('content-type', 'text/plain');
      response.end('x'.repeat(3 * 1024 * 1024));
      return;
    }
    if (request.url.startsWith('/straddle')) {
      // The secret begins 8 bytes before the end of what History keeps of a body.
      response.setHeader('content-type', 'text/plain');
      response.end(`${'x'.repeat(256 * 1024 - 8)}${SECRET}${'y'.repeat(1000)}`);
      return;
    }
    if (request.url.startsWith('/huge')) {
      response.setHeader('content-type', 'application/json');
      response.end(HUGE_JSON);
      return;
    }
    if (request.url.startsWith('/png')) {
      response.setHeader('content-type', 'image/png');
      response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
      return;
    }
    if (request.url.startsWith('/digest')) {
      const expected = digestResponse(request.method, request.url);
      if (request.headers.authorization?.includes(`response="${expected}"`) === true) {
        response.end('{"authenticated":true}');
        return;
      }
      response.statusCode = 401;
      response.setHeader('www-authenticate', 'Digest realm="test", nonce="abc123", qop="auth", algorithm=MD5');
      response.end();
      return;
    }
    response.setHeader('content-type', 'application/json');
    response.setHeader('x-echo', 'yes');
    response.end(
      JSON.stringify({ method: request.method, url: request.url, headers: request.headers, body: request.body }),
    );
  });
});
afterAll(async () => {
  await target.close();
  await app.close();
});

/** The Digest answer computed independently of the sender, from RFC 7616's formula, for cnonce read back. */
let lastCnonce = '';
function digestResponse(method: string, uri: string): string {
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  const ha1 = md5('ada:test:lovelace');
  return md5(`${ha1}:abc123:00000001:${lastCnonce}:auth:${md5(`${method}:${uri}`)}`);
}

/** The write-ahead log of the database, where recent writes are until a checkpoint. */
function readWal(databasePath: string): string {
  try {
    return readFileSync(`${databasePath}-wal`, 'latin1');
  } catch {
    return '';
  }
}

/** The origin of a port nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** A server answering 204 on the first of `ports` that is free. */
async function listenOnOneOf(ports: number[]): Promise<{ server: Server; port: number }> {
  for (const port of ports) {
    const server = createServer((_request, response) => {
      response.statusCode = 204;
      response.end();
    });
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (listening) return { server, port };
  }
  throw new Error(`none of the ports ${ports.join(', ')} is free`);
}

const request = (extra: Partial<EndpointDraft> = {}) => endpointDraft({ path: '/echo', ...extra });

async function projectWithEnvironment(): Promise<{ projectId: string; environmentId: string }> {
  const projectId = (
    await api(app, 'POST', '/api/projects', { name: `P${Math.random()}`, baseUrl: 'http://unused.invalid' })
  ).json.id;
  const environmentId = (await api(app, 'POST', `/api/projects/${projectId}/environments`, { name: 'Local' })).json.id;
  await api(app, 'PUT', `/api/environments/${environmentId}/variables`, {
    variables: [
      { key: 'base_url', value: target.origin, secret: false },
      { key: 'token', value: SECRET, secret: true },
    ],
  });
  await api(app, 'PUT', `/api/projects/${projectId}/variables`, {
    variables: [
      { key: 'base_url', value: 'http://unused.invalid' },
      { key: 'userId', value: '7' },
    ],
  });
  return { projectId, environmentId };
}

function send(
  projectId: string,
  environmentId: string | null,
  body: Partial<EndpointDraft>,
  requestId: string = crypto.randomUUID(),
) {
  return api(app, 'POST', '/api/send', {
    requestId,
    projectId,
    endpointId: null,
    environmentId,
    request: request(body),
  });
}

describe('sending a request', () => {
  it('sends from the app with variables resolved (environment over project) and shows the response', async () => {
    const { projectId, environmentId } = await projectWithEnvironment();
    const answer = await send(projectId, environmentId, {
      method: 'POST',
      path: '/users/{{userId}}',
      queryParams: [{ key: 'q', value: 'a b' }],
      headers: [{ key: 'X-Trace', value: 't-{{userId}}' }],
      body: { mode: 'json', text: '{"id": {{userId}}}' },
    });
    expect(answer.json).toMatchObject({
      outcome: 'response',
      status: 200,
      statusText: 'OK',
      url: `${target.origin}/users/7?q=a b`,
      contentType: 'application/json',
      truncated: false,
      warnings: [],
    });
    expect(answer.json.headers).toContainEqual({ key: 'x-echo', value: 'yes' });
    expect(answer.json.size).toBe(Buffer.byteLength(answer.json.body));
    const echoed = JSON.parse(answer.json.body);
    expect(echoed).toMatchObject({ method: 'POST', url: '/users/7?q=a%20b', body: '{"id": 7}' });
    expect(echoed.headers).toMatchObject({
      'x-trace': 't-7',
      'content-type': 'application/json',
      'user-agent': 'Client/0.1.0',
    });
  });

  it('decrypts a secret only for the wire: history and the database keep it masked', async () => {
    const { projectId, environmentId } = await projectWithEnvironment();
    const answer = await send(projectId, environmentId, {
      queryParams: [{ key: 'api_key', value: '{{token}}' }],
      auth: { type: 'bearer', token: '{{token}}' },
    });
    expect(JSON.parse(answer.json.body).headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(answer.json.url).toBe(`${target.origin}/echo?api_key=••••`);
    const entry = (await api(app, 'GET', `/api/history/${answer.json.historyId}`)).json;
    expect(entry.url).toBe(`${target.origin}/echo?api_key=••••`);
    expect(entry.requestHeaders).toContainEqual({ key: 'Authorization', value: '••••' });
    expect(entry.responseBody).toContain('"authorization":"Bearer ••••"');
    expect(JSON.stringify(entry)).not.toContain(SECRET);
    expect(readFileSync(app.databasePath).includes(SECRET)).toBe(false);
  });

  it('keeps no encoding of a secret that a server echoes: percent, form, JSON, \\u and Basic base64', async () => {
    const { projectId, environmentId } = await projectWithEnvironment();
    const awkward = 'p&s w"rd/é+\\x=1';
    await api(app, 'PUT', `/api/environments/${environmentId}/variables`, {
      variables: [
        { key: 'base_url', value: target.origin, secret: false },
        { key: 'pw', value: awkward, secret: true },
      ],
    });
    const sent = await send(projectId, environmentId, {
      method: 'POST',
      queryParams: [{ key: 'q', value: '{{pw}}' }],
      body: { mode: 'urlencoded', fields: [{ key: 'field', value: '{{pw}}' }] },
      auth: { type: 'basic', username: 'ada', password: '{{pw}}' },
    });
    const echoed = JSON.parse(sent.json.body);
    expect(new URL(echoed.url, target.origin).searchParams.get('q')).toBe(awkward);
    expect(new URLSearchParams(echoed.body).get('field')).toBe(awkward);
    const entry = JSON.stringify((await api(app, 'GET', `/api/history/${sent.json.historyId}`)).json);
    const database = readFileSync(app.databasePath, 'latin1') + readWal(app.databasePath);
    const forms = [
      awkward,
      encodeURIComponent(awkward),
      new URLSearchParams([['', awkward]]).toString().slice(1),
      JSON.stringify(awkward).slice(1, -1),
      JSON.stringify(awkward).slice(1, -1).replace('é', '\\u00e9'),
      Buffer.from(`ada:${awkward}`).toString('base64'),
    ];
    for (const form of forms) {
      expect(entry, form).not.toContain(form);
      expect(database.includes(Buffer.from(form).toString('latin1')), form).toBe(false);
    }
    // Masking shortened the kept body; nothing was cut, and History must not say it was.
    expect(JSON.parse(entry).responseTruncated).toBe(false);
  });

  it('keeps no part of a secret that runs across the end of what History keeps of a body', async () => {
    const { projectId, environmentId } = await projectWithEnvironment();
    const sent = await send(projectId, environmentId, { path: '/straddle' });
    const entry = (await api(app, 'GET', `/api/history/${sent.json.historyId}`)).json;
    expect(entry.responseTruncated).toBe(true);
    expect(entry.responseBody.endsWith('x')).toBe(false);
    expect(entry.responseBody).not.toContain(SECRET.slice(0, 8));
  });

  it('puts a variable into a query value whole, even when it holds & and =', async () => {
    const { projectId } = await projectWithEnvironment();
    await api(app, 'PUT', `/api/projects/${projectId}/variables`, {
      variables: [
        { key: 'base_url', value: target.origin },
        { key: 'filter', value: 'a&b=c d' },
      ],
    });
    const sent = await send(projectId, null, {
      queryParams: [
        { key: 'f', value: '{{filter}}' },
        { key: 'n', value: '1' },
      ],
    });
    const url = new URL(JSON.parse(sent.json.body).url, target.origin);
    expect([...url.searchParams]).toEqual([
      ['f', 'a&b=c d'],
      ['n', '1'],
    ]);
  });

  it('sends form, multipart and basic-auth requests as a server expects them', async () => {
    const { projectId, environmentId } = await projectWithEnvironment();
    const form = await send(projectId, environmentId, {
      method: 'POST',
      body: { mode: 'urlencoded', fields: [{ key: 'q', value: 'a b&c' }] },
      auth: { type: 'basic', username: 'ada', password: '{{token}}' },
    });
    const echoedForm = JSON.parse(form.json.body);
    expect(echoedForm.body).toBe('q=a+b%26c');
    expect(echoedForm.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(echoedForm.headers.authorization).toBe(`Basic ${Buffer.from(`ada:${SECRET}`).toString('base64')}`);
    const multipart = await send(projectId, environmentId, {
      method: 'POST',
      body: { mode: 'multipart', parts: [{ name: 'note', value: 'hi {{userId}}' }] },
    });
    const echoedMultipart = JSON.parse(multipart.json.body);
    expect(echoedMultipart.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(echoedMultipart.body).toContain('name="note"\r\n\r\nhi 7\r\n');
  });

  it('appends the boundary to a multipart Content-Type typed without one, as curl does, and shows it in History', async () => {
    const { projectId, environmentId } = await projectWithEnvironment();
    const sent = await send(projectId, environmentId, {
      method: 'POST',
      headers: [{ key: 'Content-Type', value: 'multipart/form-data' }],
      body: { mode: 'multipart', parts: [{ name: 'note', value: 'hi' }] },
    });
    const echoed = JSON.parse(sent.json.body);
    const boundary = /^multipart\/form-data; boundary=(\S+)$/.exec(echoed.headers['content-type'])?.[1];
    expect(boundary).toBeDefined();
    expect(echoed.body).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${boundary}--\r\n`,
    );
    const history = (await api(app, 'GET', `/api/history/${sent.json.historyId}`)).json;
    expect(history.requestHeaders).toContainEqual({ key: 'Content-Type', value: echoed.headers['content-type'] });
  });

  it('sends an endpoint with a URL of its own there, whatever base_url says, and without one', async () => {
    const { projectId, environmentId } = await projectWithEnvironment();
    const own = await send(projectId, environmentId, { path: `${target.origin}/typed/path` });
    expect(JSON.parse(own.json.body)).toMatchObject({ url: '/typed/path' });
    expect(own.json.url).toBe(`${target.origin}/typed/path`);
    const bare = (await api(app, 'POST', '/api/projects', { name: `No base ${Math.random()}` })).json.id;
    expect((await send(bare, null, { path: `${target.origin}/x` })).json.outcome).toBe('response');
  });

  it('says which {{names}} in headers, body or auth no variable defines, which go out as written', async () => {
    const { projectId, environmentId } = await projectWithEnvironment();
    const sent = await send(projectId, environmentId, {
      method: 'POST',
      headers: [{ key: 'X-Tenant', value: '{{tenant}}' }],
      body: { mode: 'json', text: '{"id": "{{userId}}", "by": "{{author}}"}' },
      auth: { type: 'bearer', token: '{{token}}' },
    });
    expect(sent.json.warnings).toContain(
      '{{tenant}}, {{author}} are not defined in the project or the environment, so they were sent as written.',
    );
    expect(JSON.parse(sent.json.body).headers['x-tenant']).toBe('{{tenant}}');
  });

  it('never reads a relative file path, which would be relative to the app rather than to the person', async () => {
    const { projectId, environmentId } = await projectWithEnvironment();
    const before = target.requests.length;
    const bodies: EndpointBody[] = [
      { mode: 'file', path: 'package.json' },
      { mode: 'multipart', parts: [{ name: 'f', file: './package.json' }] },
    ];
    for (const body of bodies) {
      const sent = await send(projectId, environmentId, { method: 'POST', body });
      expect(sent.json).toEqual({
        outcome: 'failed',
        historyId: null,
        message: expect.stringContaining('is a relative path; pick the file in the body editor'),
      });
    }
    expect(target.requests.length).toBe(before);
  });

  it('sends the headers that copy as cURL writes for the same request', async () => {
    const { projectId, environmentId } = await projectWithEnvironment();
    const draft = request({
      method: 'PUT',
      headers: [
        { key: 'authorization', value: 'Bearer old' },
        { key: '', value: 'a row without a name' },
        { key: 'X-Trace', value: 't-{{userId}}' },
      ],
      body: { mode: 'json', text: '{}' },
      auth: { type: 'bearer', token: 'new-{{userId}}' },
    });
    const answer = await send(projectId, environmentId, draft);
    const echoed: Record<string, string> = JSON.parse(answer.json.body).headers;

    const values = new Map([
      ['base_url', target.origin],
      ['userId', '7'],
    ]);
    const copied = parseCurl(toCurlCommand(draft, (name) => values.get(name))).headers;
    expect(copied).toEqual([
      { name: 'X-Trace', value: 't-7' },
      { name: 'Authorization', value: 'Bearer new-7' },
      { name: 'Content-Type', value: 'application/json' },
    ]);
    for (const { name, value } of copied) expect(echoed[name.toLowerCase()]).toBe(value);
  });

  it('answers a Digest challenge and sends again', async () => {
    const { projectId, environmentId } = await projectWithEnvironment();
    target.server.prependListener('request', (incoming) => {
      const header = incoming.headers.authorization ?? '';
      lastCnonce = /cnonce="([^"]+)"/.exec(header)?.[1] ?? '';
    });
    const answer = await send(projectId, environmentId, {
      path: '/digest/area',
      auth: { type: 'digest', username: 'ada', password: 'lovelace' },
    });
    expect(answer.json).toMatchObject({ outcome: 'response', status: 200, body: '{"authenticated":true}' });
  });

  it('keeps a large body whole, out of the JSON answer, and serves it by id exactly as it arrived', async () => {
    const { projectId, environmentId } = await projectWithEnvironment();
    const big = await send(projectId, environmentId, { path: '/big' });
    expect(big.json).toMatchObject({ outcome: 'response', size: 3 * 1024 * 1024, truncated: false, body: null });
    expect(big.json.binary).toBeUndefined();
    const whole = await api(app, 'GET', `/api/responses/${big.json.bodyId}`);
    expect(whole.status).toBe(200);
    expect(whole.text).toBe('x'.repeat(3 * 1024 * 1024));
    // History keeps its first part only, and says so.
    const entry = (await api(app, 'GET', `/api/history/${big.json.historyId}`)).json;
    expect(entry.responseBody).toHaveLength(256 * 1024);
    expect(entry.responseTruncated).toBe(true);

    const small = await send(projectId, environmentId, { path: '/small' });
    expect(typeof small.json.body).toBe('string');
    expect((await api(app, 'GET', `/api/responses/${small.json.bodyId}`)).text).toBe(small.json.body);

    const png = await send(projectId, environmentId, { path: '/png' });
    expect(png.json).toMatchObject({
      outcome: 'response',
      size: 7,
      body: null,
      binary: true,
      contentType: 'image/png',
    });
    const image = await api(app, 'GET', `/api/responses/${png.json.bodyId}`);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
  });

  it('spills a body past a few MiB to a 0600 file in the data dir, still served whole', async () => {
    const { projectId, environmentId } = await projectWithEnvironment();
    const huge = await send(projectId, environmentId, { path: '/huge' });
    expect(huge.json).toMatchObject({ outcome: 'response', size: Buffer.byteLength(HUGE_JSON), body: null });
    const spilled = join(app.dataDir, 'responses', huge.json.bodyId);
    expect(statSync(spilled).mode & 0o777).toBe(0o600);
    expect(statSync(join(app.dataDir, 'responses')).mode & 0o777).toBe(0o700);
    const whole = await api(app, 'GET', `/api/responses/${huge.json.bodyId}`);
    expect(whole.text).toBe(HUGE_JSON);
    expect(await api(app, 'GET', '/api/responses/no-such-body')).toMatchObject({ status: 404 });
  });

  it('gives up after the timeout, and cancels a request on demand', async () => {
    const { projectId, environmentId } = await projectWithEnvironment();
    const timedOut = await send(projectId, environmentId, { path: '/slow' });
    expect(timedOut.json).toMatchObject({
      outcome: 'failed',
      message: 'no complete response within 1 s; the request was given up',
    });
    const history = (await api(app, 'GET', `/api/projects/${projectId}/history`)).json;
    expect(history[0]).toMatchObject({ id: timedOut.json.historyId, status: null, error: timedOut.json.message });

    const arrived = slowArrived;
    const pending = send(projectId, environmentId, { path: '/slow' }, 'cancel-me');
    // Once it has reached the server it is in flight, to be cancelled.
    await vi.waitFor(() => expect(slowArrived).toBe(arrived + 1));
    expect((await api(app, 'POST', '/api/send/cancel-me/cancel')).json).toEqual({ cancelled: true });
    expect((await pending).json).toEqual({ outcome: 'cancelled' });
    expect((await api(app, 'POST', '/api/send/cancel-me/cancel')).json).toEqual({ cancelled: false });
    // The cancelled request is in History too: it went out, and may have reached the server.
    const after = (await api(app, 'GET', `/api/projects/${projectId}/history`)).json;
    expect(after[0]).toMatchObject({ status: null, error: 'cancelled' });
  });

  it('says why a request could not go out: no server, no base_url, an undefined variable', async () => {
    const { projectId, environmentId } = await projectWithEnvironment();
    await api(app, 'PUT', `/api/environments/${environmentId}/variables`, {
      variables: [{ key: 'base_url', value: await closedPort(), secret: false }],
    });
    const refused = await send(projectId, environmentId, {});
    expect(refused.json).toMatchObject({ outcome: 'failed', message: expect.stringContaining('ECONNREFUSED') });
    expect(refused.json.message).toContain('is the server running');
    // Ports a browser's fetch refuses (6000, 6665–6669) are ports like any other to an API client.
    const blocked = await listenOnOneOf([6665, 6666, 6667, 6668, 6669, 6000]);
    await api(app, 'PUT', `/api/environments/${environmentId}/variables`, {
      variables: [{ key: 'base_url', value: `http://127.0.0.1:${blocked.port}`, secret: false }],
    });
    expect((await send(projectId, environmentId, {})).json).toMatchObject({ outcome: 'response', status: 204 });
    await new Promise((resolve) => blocked.server.close(resolve));

    const bare = (await api(app, 'POST', '/api/projects', { name: 'Bare' })).json.id;
    const noBase = await send(bare, null, {});
    expect(noBase.json).toEqual({
      outcome: 'failed',
      historyId: null,
      message: expect.stringContaining('base_url is not set'),
    });
    const undefinedVariable = await send(projectId, environmentId, { path: '/users/{{nobody}}' });
    expect(undefinedVariable.json.message).toBe(
      'the URL uses {{nobody}}, which no project or environment variable defines',
    );
  });

  it('lists, opens and clears the history of a project', async () => {
    const { projectId, environmentId } = await projectWithEnvironment();
    const first = await send(projectId, environmentId, { path: '/one' });
    const second = await send(projectId, environmentId, { method: 'DELETE', path: '/two' });
    const list = (await api(app, 'GET', `/api/projects/${projectId}/history`)).json;
    expect(list.map((item: { id: string }) => item.id)).toEqual([second.json.historyId, first.json.historyId]);
    expect(list[0]).toEqual({
      id: second.json.historyId,
      endpointId: null,
      method: 'DELETE',
      url: `${target.origin}/two`,
      status: 200,
      error: null,
      durationMs: expect.any(Number),
      responseSize: second.json.size,
      sentBy: 'person',
      sentAt: expect.any(String),
    });
    expect((await api(app, 'DELETE', `/api/projects/${projectId}/history`)).status).toBe(204);
    expect((await api(app, 'GET', `/api/projects/${projectId}/history`)).json).toEqual([]);
  });
});
