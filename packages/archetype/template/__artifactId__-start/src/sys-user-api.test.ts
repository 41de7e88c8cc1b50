import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ApiError, createSysUserClient, type SysUserApi } from '@__groupId__/__artifactId__-api';

import { startTestApplication, type TestApplication, withoutTraceId } from './test-application.test-support.js';

let service: TestApplication;
let users: SysUserApi;

beforeAll(async () => {
  service = await startTestApplication();
  users = createSysUserClient(service.application.url, service.fetch);
});
afterAll(() => service.application.close());

async function call(method: string, path: string, body?: string, contentType = 'application/json') {
  const response = await service.fetch(`${service.application.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': contentType },
    body,
  });
  return { status: response.status, body: withoutTraceId((await response.json()) as Record<string, unknown>) };
}

/** A request over node:http, which sends what fetch would refuse (oversized headers) and shows every header. */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${service.application.url}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

async function apiError(work: Promise<unknown>): Promise<{ code: number; msg: string }> {
  const error = await work.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return { code: error.code, msg: error.msg };
}

describe('GET /sys-users/page', () => {
  it('wraps the first page of the sample rows in the unified response', async () => {
    expect(await call('GET', '/sys-users/page')).toEqual({
      status: 200,
      body: {
        code: 200,
        msg: 'success',
        data: {
          list: [
            { id: 1, name: 'alice', age: 20 },
            { id: 2, name: 'bob', age: 30 },
          ],
          totalCount: 2,
          pageSize: 20,
          pageIndex: 1,
        },
      },
    });
  });

  it('sorts by the requested columns, DESC when no direction is given', async () => {
    const byAge = await users.page({ sorts: [{ column: 'age' }] });
    expect(byAge.list.map((user) => user.name)).toEqual(['bob', 'alice']);
    const byName = await users.page({ sorts: [{ column: 'name', direction: 'ASC' }] });
    expect(byName.list.map((user) => user.name)).toEqual(['alice', 'bob']);
  });

  it('pages with a 1-based index and refuses a page size outside 1 to 100 alike, saying the range', async () => {
    expect(await users.page({ pageSize: 1, pageIndex: 2 })).toEqual({
      list: [{ id: 2, name: 'bob', age: 30 }],
      totalCount: 2,
      pageSize: 1,
      pageIndex: 2,
    });
    for (const pageSize of ['0', '101', '1.5']) {
      expect(await call('GET', `/sys-users/page?page.pageSize=${pageSize}`), pageSize).toEqual({
        status: 400,
        body: { code: 400, data: null, msg: 'page.pageSize: must be an integer from 1 to 100' },
      });
    }
    expect((await users.page({ pageSize: 100 })).pageSize).toBe(100);
  });

  it('refuses a sort column outside the whitelist, so no SQL can be injected through it', async () => {
    const injection = encodeURIComponent('name; DROP TABLE sys_user; --');
    expect(await call('GET', `/sys-users/page?page.sorts[0].column=${injection}`)).toEqual({
      status: 400,
      body: { code: 400, data: null, msg: 'page.sorts[0].column: must be one of: id, name, age' },
    });
    expect((await users.page({})).totalCount).toBeGreaterThanOrEqual(2);
  });

  it('refuses an unknown direction and a page index below 1', async () => {
    expect((await call('GET', '/sys-users/page?page.sorts[0].column=age&page.sorts[0].direction=UP')).body).toEqual({
      code: 400,
      data: null,
      msg: 'page.sorts[0].direction: must be ASC or DESC',
    });
    expect((await call('GET', '/sys-users/page?page.pageIndex=0')).status).toBe(400);
  });
});

describe('the user CRUD flow', () => {
  it('creates, reads, updates and deletes a user', async () => {
    const id = await users.create({ name: ' carol ', age: 41 });
    expect(await users.get(id)).toEqual({ id, name: 'carol', age: 41 });
    await users.update(id, { name: 'carol', age: 42 });
    expect(await users.get(id)).toEqual({ id, name: 'carol', age: 42 });
    await users.delete(id);
    expect(await apiError(users.get(id))).toEqual({ code: 404, msg: `user ${id} does not exist` });
  });

  it('returns the new id inside the unified response', async () => {
    const created = await call('POST', '/sys-users', JSON.stringify({ name: 'dave', age: 7 }));
    expect(created).toEqual({ status: 200, body: { code: 200, data: expect.any(Number), msg: 'success' } });
    await users.delete(created.body.data as number);
  });

  it('refuses a blank name and an age outside 0–150 with 400', async () => {
    expect(await call('POST', '/sys-users', JSON.stringify({ name: '  ', age: 20 }))).toEqual({
      status: 400,
      body: { code: 400, data: null, msg: 'name: must not be blank' },
    });
    expect(await apiError(users.create({ name: 'eve', age: 151 }))).toEqual({
      code: 400,
      msg: 'age: Too big: expected number to be <=150',
    });
    expect((await apiError(users.create({ name: 'eve', age: -1 }))).code).toBe(400);
  });

  it('answers 404 for updating or deleting a user that does not exist', async () => {
    expect(await apiError(users.update(999, { name: 'x', age: 1 }))).toEqual({
      code: 404,
      msg: 'user 999 does not exist',
    });
    expect(await apiError(users.delete(999))).toEqual({ code: 404, msg: 'user 999 does not exist' });
  });
});

describe('the global error handler', () => {
  it('answers malformed JSON with 400', async () => {
    expect(await call('POST', '/sys-users', '{"name": ')).toEqual({
      status: 400,
      body: { code: 400, data: null, msg: 'request body is not valid JSON' },
    });
  });

  it('answers a body over the limit with 413', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), age: 1 });
    expect(await call('POST', '/sys-users', body)).toEqual({
      status: 413,
      body: { code: 413, data: null, msg: 'request body is too large' },
    });
  });

  it('answers another content type with 415', async () => {
    const unsupported = { code: 415, data: null, msg: 'unsupported content type; send application/json' };
    expect(await call('POST', '/sys-users', 'name=x', 'text/plain')).toEqual({ status: 415, body: unsupported });
    expect((await call('POST', '/sys-users', 'name=x', 'application/x-www-form-urlencoded')).status).toBe(415);
  });

  it('answers an unknown route with 404 in the same shape', async () => {
    expect(await call('GET', '/nothing-here')).toEqual({
      status: 404,
      body: { code: 404, data: null, msg: 'no route for GET /nothing-here' },
    });
  });

  it('answers a non-numeric id with 400', async () => {
    expect((await call('GET', '/sys-users/abc')).status).toBe(400);
  });

  it('reads an id in decimal digits only: 0x1, 1e0 and 1.0 are not user 1', async () => {
    for (const id of ['0x1', '1e0', '1.0', '+1', '0']) {
      expect(await call('GET', `/sys-users/${id}`), id).toEqual({
        status: 400,
        body: { code: 400, data: null, msg: expect.stringMatching(/^id: /) },
      });
    }
  });

  it('answers an id beyond the id column with 404, as for any id nobody has', async () => {
    expect(await call('GET', '/sys-users/2147483648')).toEqual({
      status: 404,
      body: { code: 404, data: null, msg: 'user 2147483648 does not exist' },
    });
  });

  it('refuses a name with a control character with 400 and accepts 64 emoji (characters, not UTF-16 units)', async () => {
    expect(await call('POST', '/sys-users', JSON.stringify({ name: 'nul\u0000byte', age: 1 }))).toEqual({
      status: 400,
      body: { code: 400, data: null, msg: 'name: must not contain control characters' },
    });
    const created = await call('POST', '/sys-users', JSON.stringify({ name: '😀'.repeat(33), age: 1 }));
    expect(created.status).toBe(200);
    await users.delete(created.body.data as number);
    expect((await call('POST', '/sys-users', JSON.stringify({ name: '😀'.repeat(65), age: 1 }))).status).toBe(400);
  });

  it('answers a URL with a broken percent-encoding with 400 in the same shape', async () => {
    expect(await call('GET', '/sys-users/%zz')).toEqual({
      status: 400,
      body: { code: 400, data: null, msg: 'the URL is not valid: it has a malformed percent-encoding' },
    });
  });

  it('answers headers over the size limit with 431 in the same shape', async () => {
    const response = await rawRequest('GET', '/sys-users/1', { 'x-large': 'x'.repeat(20_000) });
    // Node refuses these headers before any request (and its trace) exists: the body has no trace id.
    expect({ status: response.status, body: JSON.parse(response.body) }).toEqual({
      status: 431,
      body: { code: 431, data: null, msg: 'the request headers are too large' },
    });
  });

  it('answers a method the path does not have with 405 and the allowed methods', async () => {
    const response = await fetch(`${service.application.url}/sys-users/1`, { method: 'PATCH' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE');
    expect(withoutTraceId(await response.json())).toEqual({
      code: 405,
      data: null,
      msg: 'PATCH is not allowed on /sys-users/1; use GET, HEAD, PUT, DELETE',
    });
  });

  it('answers 404, not 405, when a route of the method finds nothing to answer', async () => {
    const response = await fetch(`${service.application.url}/docs/package.json`);
    expect(response.status).toBe(404);
    expect(response.headers.get('allow')).toBeNull();
    expect(withoutTraceId(await response.json())).toEqual({
      code: 404,
      data: null,
      msg: 'no route for GET /docs/package.json',
    });
  });

  it('reads application/*+json bodies as JSON', async () => {
    const body = JSON.stringify({ name: 'frank', age: 3 });
    const created = await call('POST', '/sys-users', body, 'application/vnd.api+json');
    expect(created).toEqual({ status: 200, body: { code: 200, data: expect.any(Number), msg: 'success' } });
    await users.delete(created.body.data as number);
  });

  it('refuses a sort index past the last one the query parser builds, rather than ignoring it', async () => {
    expect(await call('GET', '/sys-users/page?page.sorts[16].column=age')).toEqual({
      status: 400,
      body: {
        code: 400,
        data: null,
        msg: 'page.sorts[16].column: is not a parameter of this route (list indexes go from 0 to 15)',
      },
    });
  });
});

describe('request and trace ids', () => {
  it('echoes the X-Request-Id a caller sends, and makes one otherwise', async () => {
    const given = await fetch(`${service.application.url}/sys-users/1`, { headers: { 'x-request-id': 'order-42' } });
    expect(given.headers.get('x-request-id')).toBe('order-42');
    const made = await fetch(`${service.application.url}/sys-users/1`, { headers: { 'x-request-id': 'bad id\n' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers with the request's traceparent and puts its trace id into error bodies", async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const response = await fetch(`${service.application.url}/sys-users/999`, {
      headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` },
    });
    expect(response.headers.get('traceparent')).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    expect(await response.json()).toEqual({ code: 404, data: null, msg: 'user 999 does not exist', traceId });
  });
});

describe('security headers', () => {
  it("sends an API's with every answer, refusals included", async () => {
    for (const path of ['/actuator/health', '/sys-users/page', '/sys-users/999', '/no-such-route', '/openapi.json']) {
      const response = await fetch(`${service.application.url}${path}`);
      await response.arrayBuffer();
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it("sends a page's instead with Swagger UI and the files it loads, which it lets run", async () => {
    for (const path of [
      '/docs',
      '/docs/',
      '/docs/swagger-initializer.js',
      '/docs/swagger-ui-bundle.js',
      '/docs/swagger-ui.css',
    ]) {
      const response = await fetch(`${service.application.url}${path}`);
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toContain("script-src 'self'");
      // Served over plain HTTP, the page must not send the browser to HTTPS for its scripts.
      expect(response.headers.get('content-security-policy'), path).not.toContain('upgrade-insecure-requests');
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(response.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(response.headers.get('cache-control'), path).toBeNull();
      expect(response.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('connections', () => {
  it('keeps an idle connection open 72 s by default, longer than a load balancer does', async () => {
    const response = await rawRequest('GET', '/actuator/health/liveness', { connection: 'keep-alive' });
    expect(response.headers['keep-alive']).toBe('timeout=72');
  });
});

describe('trace ids in the log', () => {
  const TRACE = /^[0-9a-f]{32}-[0-9a-f]{16}$/;
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const traceparent = `00-${traceId}-00f067aa0ba902b7-01`;
  const linesOf = (lines: Record<string, unknown>[]) => lines.filter((line) => String(line.trace).startsWith(traceId));

  it('writes no line for a request that succeeds while the access log is off (the default)', async () => {
    const before = service.logLines().length;
    expect((await fetch(`${service.application.url}/sys-users/1`, { headers: { traceparent } })).status).toBe(200);
    expect(service.logLines().slice(before)).toEqual([]);
  });

  it('logs a rejected request with the trace id of the caller', async () => {
    const response = await fetch(`${service.application.url}/sys-users/abc`, { headers: { traceparent } });
    expect(response.status).toBe(400);
    const rejected = linesOf(service.logLines());
    expect(rejected.map((line) => line.msg)).toEqual(['request rejected']);
    expect(rejected[0]).toMatchObject({ code: 400, reason: 'id: must be a positive integer' });
    for (const line of service.logLines()) expect(line.trace).toMatch(TRACE);
  });

  it('gives both access log lines of a request the same <traceId>-<spanId> when the access log is on', async () => {
    const logged = await startTestApplication({ server: { accessLog: { enabled: true } } });
    try {
      await fetch(`${logged.application.url}/sys-users/1`, { headers: { traceparent } });
      const lines = linesOf(logged.logLines());
      expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
      expect(lines[1]).toMatchObject({ res: { statusCode: 200 } });
      expect(new Set(lines.map((line) => line.trace)).size).toBe(1);
      for (const line of logged.logLines()) expect(line.trace).toMatch(TRACE);
    } finally {
      await logged.application.close();
    }
  });

  it('writes every key of a line once, so JSON tools keep both the message and the reason', async () => {
    const raw: string[] = [];
    const logged = await startTestApplication({}, (line) => raw.push(line));
    try {
      await fetch(`${logged.application.url}/sys-users/abc`);
      const line = raw.find((text) => text.includes('request rejected')) ?? '';
      expect(line.match(/"msg":/g)).toHaveLength(1);
      expect(JSON.parse(line)).toMatchObject({ msg: 'request rejected', reason: 'id: must be a positive integer' });
    } finally {
      await logged.application.close();
    }
  });
});

describe('actuator', () => {
  it('reports health, liveness and readiness as UP', async () => {
    expect(await call('GET', '/actuator/health/liveness')).toEqual({ status: 200, body: { status: 'UP' } });
    expect(await call('GET', '/actuator/health/readiness')).toEqual({ status: 200, body: { status: 'UP' } });
    expect(await call('GET', '/actuator/health')).toEqual({
      status: 200,
      body: {
        status: 'UP',
        components: {
          db: { status: 'UP', details: { driver: service.application.config.datasource.driver } },
          livenessState: { status: 'UP' },
          readinessState: { status: 'UP' },
        },
      },
    });
  });
});

describe('the SysUserApi provider', () => {
  it('serves the same flow in-process and reports errors with the API codes', async () => {
    const provider = service.application.sysUserProvider;
    expect(await provider.get(1)).toEqual({ id: 1, name: 'alice', age: 20 });
    expect(await apiError(provider.get(999))).toEqual({ code: 404, msg: 'user 999 does not exist' });
    expect((await apiError(provider.create({ name: '', age: 1 }))).code).toBe(400);
  });
});
