import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError, DEFAULT_REQUEST_SETTINGS, type TokenStatus } from '@client/core';
import { HttpEngine } from '@client/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlannedRequest, RunPlan } from '../run/run-plan.js';
import { loadTest } from './load-plan.js';

const engine = new HttpEngine({
  userAgent: 'Client/test',
  tokens: {
    status: (): TokenStatus => ({ hasToken: false, expiresAt: null, refreshable: false, obtainedAt: null }),
    open: async () => undefined,
    keep: async () => undefined,
    forget: () => false,
  },
  cookies: new Map(),
});
const servers: { server: Server; origin: string; paths: string[]; auth: Set<string> }[] = [];

beforeAll(async () => {
  for (let index = 0; index < 2; index++) {
    const paths: string[] = [];
    const auth = new Set<string>();
    const server = createServer((request, response) => {
      paths.push(request.url ?? '');
      auth.add(String(request.headers.authorization));
      response.statusCode = request.url === '/missing' ? 404 : 200;
      response.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths, auth });
  }
});
afterAll(async () => {
  await engine.close();
  for (const { server } of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function planned(path: string): PlannedRequest {
  return {
    item: { id: path, name: path, path: [] },
    endpoint: {
      name: path,
      method: 'GET',
      path,
      queryParams: [],
      headers: [],
      body: { mode: 'none' },
      auth: { type: 'bearer', token: '{{token}}' },
      state: 'Designing',
    },
    levels: [],
    settings: DEFAULT_REQUEST_SETTINGS,
  };
}

function plan(requests: PlannedRequest[]): RunPlan {
  return {
    collection: { id: 'p', name: 'P' },
    variables: [
      { key: 'base_url', value: servers[0]?.origin ?? '' },
      { key: 'token', value: 't0k' },
    ],
    environment: null,
    requests,
  };
}

describe('a load test of a plan', () => {
  it('sends one origin’s requests in turn, with their auth, and counts each status', async () => {
    const result = await loadTest(engine, plan([planned('/ok'), planned('/missing')]), {
      connections: 3,
      durationMs: 500,
    });
    expect(result.statuses.map(({ status }) => status)).toEqual([200, 404]);
    expect(result.requests).toBe(result.statuses.reduce((sum, { count }) => sum + count, 0));
    expect(result.histogram.reduce((sum, bar) => sum + bar.count, 0)).toBe(result.requests);
    expect(servers[0]?.auth).toEqual(new Set(['Bearer t0k']));
  });

  it('sends requests to several origins over the engine’s own connections', async () => {
    const other = { ...planned(`${servers[1]?.origin}/elsewhere`) };
    const before = servers[1]?.paths.length ?? 0;
    const result = await loadTest(engine, plan([planned('/ok'), other]), { connections: 2, durationMs: 400 });
    expect(result.statuses).toEqual([{ status: 200, count: result.requests }]);
    expect((servers[1]?.paths.length ?? 0) - before).toBeGreaterThan(0);
  });

  it('refuses a request that cannot be built, naming it', async () => {
    const broken = { ...planned('/{{nowhere}}'), item: { id: 'b', name: 'broken', path: ['Shop'] } };
    await expect(loadTest(engine, plan([broken]), { connections: 1, durationMs: 200 })).rejects.toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining('Shop / broken cannot be sent') }),
    );
    await expect(loadTest(engine, plan([]), { connections: 1, durationMs: 200 })).rejects.toBeInstanceOf(AppError);
  });
});
