import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApplication, type TestApplication, withoutTraceId } from '../../test-application.test-support.js';
import { createWebServer, type WebServer } from '../../web/create-web-server.js';
import { wrapResponses } from '../../web/unified-response.js';
import { DistributedLock } from './distributed-lock.js';
import type { DistributedLockConfig } from './distributed-lock-config.js';
import { DistributedLockError } from './distributed-lock-error.js';
import { memoryLogger, NO_REDIS, testLockConfig } from './redis.test-support.js';
import { lockRoutes } from './route-locks.js';

async function call(url: string, method = 'GET', headers: Record<string, string> = {}) {
  const response = await fetch(url, { method, headers });
  const body = withoutTraceId((await response.json()) as { code: number; data: unknown; msg: string });
  return { status: response.status, body };
}

describe.skipIf(NO_REDIS)('the locked sample route of the real service', () => {
  let config: DistributedLockConfig;
  let service: TestApplication;
  // Another instance of the service, as far as the lock can tell: the same Redis and key prefix.
  let otherInstance: DistributedLock;

  beforeAll(async () => {
    config = testLockConfig({ waitTimeMs: 10_000, retryDelayMs: 5 });
    service = await startTestApplication({ distributedLock: config });
    otherInstance = DistributedLock.connect(config, pino({ level: 'silent' }));
  });
  afterAll(async () => {
    await otherInstance.close();
    await service.application.close();
  });

  async function newUser(age: number): Promise<number> {
    const response = await service.fetch(`${service.application.url}/sys-users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'lock-test', age }),
    });
    return ((await response.json()) as { data: number }).data;
  }

  const birthday = (id: number) =>
    call(`${service.application.url}/sys-users/${id}/birthday`, 'POST', service.clientHeaders);
  const ageOf = async (id: number) =>
    ((await call(`${service.application.url}/sys-users/${id}`)).body.data as { age: number }).age;

  it('queues concurrent read-modify-write requests for one user behind the lock and keeps every increment', async () => {
    const id = await newUser(0);
    let pending: Promise<{ status: number; body: { data: unknown } }[]> | undefined;
    await otherInstance.withLock(`sys-user:${id}`, async () => {
      pending = Promise.all(Array.from({ length: 25 }, () => birthday(id)));
      await sleep(100);
      expect(await ageOf(id)).toBe(0);
    });
    const answers = (await pending) ?? [];
    expect(answers.map(({ status }) => status)).toEqual(Array(25).fill(200));
    expect(answers.map(({ body }) => Number(body.data)).toSorted((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    expect(await ageOf(id)).toBe(25);
  });

  it('makes a request wait while another instance holds the user lock, but not requests for other users', async () => {
    const [locked, free] = [await newUser(10), await newUser(20)];
    let pending: Promise<{ status: number }> | undefined;
    await otherInstance.withLock(`sys-user:${locked}`, async () => {
      pending = birthday(locked);
      expect((await birthday(free)).body.data).toBe(21);
      await sleep(100);
      expect(await ageOf(locked)).toBe(10);
    });
    expect((await pending)?.status).toBe(200);
    expect(await ageOf(locked)).toBe(11);
  });

  it('answers 423 in the unified shape when the lock is not released within the wait time', async () => {
    const impatient = await startTestApplication({ distributedLock: { ...config, waitTimeMs: 100 } });
    try {
      const id = await newUser(30);
      const answer = await otherInstance.withLock(`sys-user:${id}`, () =>
        call(`${impatient.application.url}/sys-users/${id}/birthday`, 'POST', impatient.clientHeaders),
      );
      expect(answer).toEqual({
        status: 423,
        body: {
          code: 423,
          data: null,
          msg: `lock "sys-user:${id}" is held by someone else and was not released within 100 ms; try again later`,
        },
      });
      expect(await ageOf(id)).toBe(30);
    } finally {
      await impatient.application.close();
    }
  });
});

describe.skipIf(NO_REDIS)('lockRoutes on a server of its own', () => {
  let locks: DistributedLock;
  let server: WebServer;
  let url: string;
  const active = new Map<string, number>();
  const mostActive = new Map<string, number>();
  let mostActiveOverall = 0;

  /** Records how many handlers run at once, per lock key and overall. */
  async function observed(key: string): Promise<string> {
    const now = (active.get(key) ?? 0) + 1;
    active.set(key, now);
    mostActive.set(key, Math.max(mostActive.get(key) ?? 0, now));
    mostActiveOverall = Math.max(
      mostActiveOverall,
      [...active.values()].reduce((sum, n) => sum + n, 0),
    );
    await sleep(40);
    active.set(key, (active.get(key) ?? 1) - 1);
    return key;
  }

  beforeAll(async () => {
    locks = DistributedLock.connect(testLockConfig({ retryDelayMs: 5 }), memoryLogger().log);
    server = createWebServer({
      logger: pino({ level: 'silent' }),
      maxBodyBytes: 1024,
      accessLog: false,
      keepAliveTimeout: 5_000,
    });
    await server.register(async (api) => {
      wrapResponses(api);
      lockRoutes(api, locks);
      api.get<{ Params: { name: string } }>(
        '/jobs/:name',
        { config: { distributedLock: { key: 'job:{params.name}' } } },
        (request) => observed(`job:${request.params.name}`),
      );
      api.get(
        '/tenant-report',
        { config: { distributedLock: { key: (request) => `report:${String(request.headers['x-tenant'])}` } } },
        (request) => observed(`report:${String(request.headers['x-tenant'])}`),
      );
      api.get('/by-query', { config: { distributedLock: { key: 'q:{query.id}' } } }, () => 'ran');
      api.get('/unlocked', () => observed('unlocked'));
    });
    await server.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server.close();
    await locks.close();
  });

  it('runs one handler at a time per key, and handlers for different keys side by side', async () => {
    const names = ['a', 'b', 'a', 'b', 'a', 'b', 'a', 'b'];
    const answers = await Promise.all(names.map((name) => call(`${url}/jobs/${name}`)));
    expect(answers.every(({ status }) => status === 200)).toBe(true);
    expect(mostActive.get('job:a')).toBe(1);
    expect(mostActive.get('job:b')).toBe(1);
    expect(mostActiveOverall).toBe(2);
  });

  it('takes the key from a function of the request', async () => {
    const tenants = ['acme', 'acme', 'acme', 'globex'];
    await Promise.all(tenants.map((tenant) => call(`${url}/tenant-report`, 'GET', { 'x-tenant': tenant })));
    expect(mostActive.get('report:acme')).toBe(1);
    expect(mostActive.get('report:globex')).toBe(1);
  });

  it('leaves routes without the option alone', async () => {
    await Promise.all([1, 2, 3].map(() => call(`${url}/unlocked`)));
    expect(mostActive.get('unlocked')).toBe(3);
  });

  it('answers 400 when the request lacks the value the key names', async () => {
    expect(await call(`${url}/by-query`)).toEqual({
      status: 400,
      body: { code: 400, data: null, msg: 'lock key "q:{query.id}": query.id is missing from the request' },
    });
    expect((await call(`${url}/by-query?id=7`)).body.data).toBe('ran');
  });

  it('refuses a malformed key template when the route is declared, so the server does not start', async () => {
    const app = createWebServer({
      logger: pino({ level: 'silent' }),
      maxBodyBytes: 1024,
      accessLog: false,
      keepAliveTimeout: 5_000,
    });
    app.register(async (scope) => {
      lockRoutes(scope, locks);
      scope.get('/broken', { config: { distributedLock: { key: 'job:{params.id' } } }, () => 1);
    });
    await expect(app.ready()).rejects.toThrow(
      new DistributedLockError(
        'LOCK_KEY_TEMPLATE',
        'lock key template "job:{params.id": a "{" or "}" is not part of a {source.path} placeholder',
      ),
    );
    await app.close();
  });
});
