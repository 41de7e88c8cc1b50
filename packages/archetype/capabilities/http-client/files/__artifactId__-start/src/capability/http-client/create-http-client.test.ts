import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { startTestApplication, type TestApplication } from '../../test-application.test-support.js';
import { createHttpClient } from './create-http-client.js';
import { defineOperations } from './operation-definition.js';
import { RemoteCallError } from './remote-call-error.js';

interface Received {
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

const received: Received[] = [];
const SLOW_MS = 300;
const THRESHOLD_MS = 200;

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A remote service with one route per kind of answer. */
const remote = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    received.push({ method: request.method, url: request.url, headers: request.headers, body });
    const path = new URL(request.url ?? '/', 'http://remote').pathname;
    if (path === '/users/7') answer(response, 200, { code: 200, data: { id: 7, name: 'alice', extra: 1 }, msg: 'ok' });
    else if (path.startsWith('/echo/')) answer(response, 200, { code: 200, data: received.at(-1), msg: 'success' });
    else if (path === '/wrong-data') answer(response, 200, { code: 200, data: { id: 'seven' }, msg: 'success' });
    else if (path === '/missing') answer(response, 404, { code: 404, data: null, msg: 'user 9 does not exist' });
    else if (path === '/rule') answer(response, 200, { code: 422, data: null, msg: 'age must not decrease' });
    else if (path === '/html') {
      response.writeHead(500, { 'content-type': 'text/html' }).end('<html><body><h1>Internal Server Error</h1>');
    } else if (path === '/text') response.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
    else if (path === '/slow') setTimeout(() => answer(response, 200, { code: 200, data: 'late', msg: '' }), SLOW_MS);
    else if (path === '/stall') response.writeHead(200, { 'content-type': 'application/json' }).write('{"code":');
    else if (path !== '/hang') answer(response, 404, { code: 404, data: null, msg: `no route for ${path}` });
  });
});

const userSchema = z.object({ id: z.number().int(), name: z.string() });

const operations = defineOperations({
  getUser: { method: 'GET', path: '/users/:id', data: userSchema },
  echo: {
    method: 'POST',
    path: '/echo/:name',
    query: z.object({ page: z.object({ pageIndex: z.number().int() }) }).optional(),
    body: z.object({ name: z.string().min(1) }),
  },
  wrongData: { method: 'GET', path: '/wrong-data', data: userSchema },
  missing: { method: 'GET', path: '/missing' },
  ruleViolated: { method: 'PUT', path: '/rule' },
  htmlError: { method: 'GET', path: '/html' },
  plainText: { method: 'GET', path: '/text' },
  slow: { method: 'GET', path: '/slow' },
  hang: { method: 'GET', path: '/hang' },
  stall: { method: 'GET', path: '/stall' },
});

let service: TestApplication;
let remoteUrl: string;

function client(overrides: { baseUrl?: string; timeoutMs?: number } = {}) {
  return createHttpClient(operations, {
    name: 'remote',
    baseUrl: remoteUrl,
    timeoutMs: 2000,
    slowCallThresholdMs: THRESHOLD_MS,
    logger: service.application.logger,
    ...overrides,
  });
}

/** The log line of the latest call to `url`. */
function logLineFor(url: string): Record<string, unknown> {
  const line = service.logLines().findLast((candidate) => candidate.url === url);
  if (line === undefined) throw new Error(`no log line for ${url}`);
  return line;
}

async function failure(call: Promise<unknown>): Promise<RemoteCallError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof RemoteCallError)) throw new Error(`expected a RemoteCallError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  // The service starts tracing and the logger whose lines carry `<traceId>-<spanId>`.
  service = await startTestApplication();
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
});
afterAll(async () => {
  remote.closeAllConnections();
  await new Promise<void>((resolve) => remote.close(() => resolve()));
  await service.application.close();
});

describe('a successful call', () => {
  it('resolves to the unwrapped data, as the data schema parses it', async () => {
    expect(await client().getUser({ params: { id: 7 } })).toEqual({ id: 7, name: 'alice' });
  });

  it('sends the path parameters, the nested query and the JSON body', async () => {
    const echoed = (await client().echo({
      params: { name: 'a/b c' },
      query: { page: { pageIndex: 2 } },
      body: { name: 'carol' },
    })) as Received;
    expect(echoed).toMatchObject({ method: 'POST', url: '/echo/a%2Fb%20c?page.pageIndex=2', body: '{"name":"carol"}' });
    expect(echoed.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json' });
  });

  it('adds the headers given for one call', async () => {
    const echoed = (await client().echo(
      { params: { name: 'auth' }, body: { name: 'x' } },
      { headers: { authorization: 'Bearer t0k3n' } },
    )) as Received;
    expect(echoed.headers.authorization).toBe('Bearer t0k3n');
  });

  it('logs method, URL, status and duration at info', async () => {
    await client().getUser({ params: { id: 7 } });
    const line = logLineFor(`${remoteUrl}/users/7`);
    expect(line).toMatchObject({
      level: 30,
      client: 'remote',
      operation: 'remote.getUser',
      method: 'GET',
      status: 200,
    });
    expect(line.msg).toMatch(new RegExp(`^GET ${remoteUrl}/users/7 → 200 in \\d+ ms$`));
    expect(line.ms).toEqual(expect.any(Number));
  });
});

describe('a call refused before sending (kind request)', () => {
  it('refuses a body that fails its schema and sends nothing', async () => {
    const before = received.length;
    const error = await failure(client().echo({ params: { name: 'x' }, body: { name: '' } }));
    expect(error).toMatchObject({ kind: 'request', operation: 'remote.echo', method: 'POST', url: '/echo/:name' });
    expect(error.message).toContain('not sent: body.name: Too small');
    expect(received.length).toBe(before);
  });

  it('refuses a path parameter that would leave its segment', async () => {
    const error = await failure(client().getUser({ params: { id: '..' } }));
    expect(error.kind).toBe('request');
    expect(error.detail).toBe('not sent: path parameter "id" is "..", which cannot be a path segment');
  });
});

describe('a business error (the unified shape with another code)', () => {
  it('keeps the remote code and msg, whatever the HTTP status', async () => {
    expect(await failure(client().missing())).toMatchObject({
      kind: 'business',
      code: 404,
      msg: 'user 9 does not exist',
      status: 404,
      reason: undefined,
    });
    const rule = await failure(client().ruleViolated());
    expect(rule).toMatchObject({ kind: 'business', code: 422, msg: 'age must not decrease', status: 200 });
    expect(rule.message).toBe(
      `remote.ruleViolated (PUT ${remoteUrl}/rule): the remote service answered 422: age must not decrease`,
    );
  });

  it('is logged at info with the code', async () => {
    await failure(client().missing());
    const line = logLineFor(`${remoteUrl}/missing`);
    expect(line).toMatchObject({ level: 30, kind: 'business', code: 404, status: 404 });
    expect(line.msg).toMatch(/→ 404 in \d+ ms: business error 404: user 9 does not exist$/);
  });
});

describe('a remote failure (no usable answer)', () => {
  it('reports an HTTP error without the unified body, with a piece of it', async () => {
    const error = await failure(client().htmlError());
    expect(error).toMatchObject({ kind: 'remote', reason: 'http-status', status: 500, code: undefined });
    expect(error.detail).toBe(
      'HTTP 500 without the unified {code, data, msg} body: "<html><body><h1>Internal Server Error</h1>"',
    );
    expect(logLineFor(`${remoteUrl}/html`)).toMatchObject({ level: 40, kind: 'remote', reason: 'http-status' });
  });

  it('reports a 200 whose body is not the unified shape', async () => {
    expect(await failure(client().plainText())).toMatchObject({
      kind: 'remote',
      reason: 'malformed-response',
      status: 200,
      detail: 'the answer is not the unified {code, data, msg} body: "OK"',
    });
  });

  it('reports data that does not match the data schema', async () => {
    expect(await failure(client().wrongData())).toMatchObject({
      kind: 'remote',
      reason: 'invalid-data',
      detail: expect.stringMatching(/^the data does not match the declared schema: data\.id: .*expected number/),
    });
  });

  it('reports a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(client({ baseUrl: `http://127.0.0.1:${port}` }).getUser({ params: { id: 7 } }));
    expect(error).toMatchObject({ kind: 'remote', reason: 'network', status: undefined });
    expect(error.detail).toBe(`could not reach the remote service: connect ECONNREFUSED 127.0.0.1:${port}`);
    expect(logLineFor(`http://127.0.0.1:${port}/users/7`)).toMatchObject({ level: 40, reason: 'network' });
  });

  it('gives up after the client timeout', async () => {
    const startedAt = performance.now();
    const error = await failure(client({ timeoutMs: 150 }).hang());
    expect(error).toMatchObject({ kind: 'remote', reason: 'timeout', detail: 'no answer within 150 ms' });
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(140);
  });

  it('gives up on a body that stops coming within the timeout', async () => {
    expect(await failure(client({ timeoutMs: 150 }).stall())).toMatchObject({ kind: 'remote', reason: 'timeout' });
  });
});

describe('slow calls', () => {
  it(`warns about a call slower than slowCallThresholdMs`, async () => {
    expect(await client().slow()).toBe('late');
    const line = logLineFor(`${remoteUrl}/slow`);
    expect(line).toMatchObject({ level: 40, status: 200 });
    expect(line.msg).toMatch(
      new RegExp(`^slow call \\(over ${THRESHOLD_MS} ms\\): GET ${remoteUrl}/slow → 200 in \\d+ ms$`),
    );
    expect(line.ms as number).toBeGreaterThanOrEqual(SLOW_MS - 10);
  });
});

describe('trace propagation', () => {
  it('sends traceparent of a child span of the current trace and logs the call with that trace id', async () => {
    const tracer = trace.getTracer('test');
    const { traceId, echoed } = await tracer.startActiveSpan('caller', async (span) => {
      const result = await client().echo({ params: { name: 'traced' }, body: { name: 'x' } });
      span.end();
      return { traceId: span.spanContext().traceId, echoed: result as Received };
    });
    const [, sentTraceId, sentSpanId] = String(echoed.headers.traceparent).split('-');
    expect(sentTraceId).toBe(traceId);
    expect(logLineFor(`${remoteUrl}/echo/traced`).trace).toBe(`${traceId}-${sentSpanId}`);
  });

  it('starts a trace of its own outside any request', async () => {
    const echoed = (await client().echo({ params: { name: 'untraced' }, body: { name: 'x' } })) as Received;
    const [, sentTraceId, sentSpanId] = String(echoed.headers.traceparent).split('-');
    expect(sentTraceId).toMatch(/^(?!0+$)[0-9a-f]{32}$/);
    expect(logLineFor(`${remoteUrl}/echo/untraced`).trace).toBe(`${sentTraceId}-${sentSpanId}`);
  });
});
