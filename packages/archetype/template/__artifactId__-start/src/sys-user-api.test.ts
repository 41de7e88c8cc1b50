import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ApiError, createSysUserClient, type SysUserApi } from '@__groupId__/__artifactId__-api';

import { startTestApplication, type TestApplication } from './test-application.test-support.js';

let service: TestApplication;
let users: SysUserApi;

beforeAll(async () => {
  service = await startTestApplication();
  users = createSysUserClient(service.application.url);
});
afterAll(() => service.application.close());

async function call(method: string, path: string, body?: string, contentType = 'application/json') {
  const response = await fetch(`${service.application.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': contentType },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
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

  it('pages with a 1-based index and caps the page size at 100', async () => {
    expect(await users.page({ pageSize: 1, pageIndex: 2 })).toEqual({
      list: [{ id: 2, name: 'bob', age: 30 }],
      totalCount: 2,
      pageSize: 1,
      pageIndex: 2,
    });
    expect((await users.page({ pageSize: 1000 })).pageSize).toBe(100);
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
          db: { status: 'UP', details: { driver: 'better-sqlite3' } },
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
