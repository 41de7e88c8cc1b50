import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError, DEFAULT_REQUEST_SETTINGS, type EndpointDraft, type TokenStatus } from '@client/core';
import { type GrantTokenVault, HttpEngine, VariableScope } from '@client/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad } from './run-load.js';

const NO_TOKENS: GrantTokenVault = {
  status: (): TokenStatus => ({ hasToken: false, expiresAt: null, refreshable: false, obtainedAt: null }),
  open: async () => undefined,
  keep: async () => undefined,
  forget: () => false,
};
const engine = new HttpEngine({ userAgent: 'Client/test', tokens: NO_TOKENS, cookies: new Map() });
const connectionsSeen = new Set<string>();
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    connectionsSeen.add(`${request.socket.remotePort}`);
    response.statusCode = request.url === '/missing' ? 404 : 200;
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await Promise.all([engine.close(), new Promise((resolve) => server.close(resolve))]);
});

const opened: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(opened.map((load) => load.close())));

function draft(path: string): EndpointDraft & { auth: { type: 'none' } } {
  return {
    name: path,
    method: 'GET',
    path,
    queryParams: [],
    headers: [],
    body: { mode: 'none' },
    auth: { type: 'none' },
    state: 'Designing',
  };
}

async function shots(base: string, paths: string[], connections: number) {
  const scope = VariableScope.layered([{ key: 'base_url', value: base }], []);
  const prepared = await Promise.all(paths.map((path) => engine.prepare(draft(path), scope, DEFAULT_REQUEST_SETTINGS)));
  const load = await engine.repeaters(prepared, connections);
  opened.push(load);
  return load.shots;
}

describe('the load mode', () => {
  it('sends the requests in turn over N connections for the duration, counting statuses and latencies', async () => {
    const progress: number[] = [];
    const result = await runLoad(await shots(origin, ['/ok', '/missing'], 4), {
      connections: 4,
      durationMs: 1200,
      onProgress: ({ requests }) => progress.push(requests),
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(1200);
    expect(result.requests).toBeGreaterThan(20);
    const [ok, missing] = result.statuses;
    expect(ok?.status).toBe(200);
    expect(missing?.status).toBe(404);
    expect(Math.abs((ok?.count ?? 0) - (missing?.count ?? 0))).toBeLessThanOrEqual(4);
    expect(result.histogram.reduce((sum, bar) => sum + bar.count, 0)).toBe(result.requests);
    expect(result.latency.p50).toBeGreaterThan(0);
    expect(result.latency.p99).toBeLessThanOrEqual(result.latency.max);
    expect(result.bytes).toBe(result.requests * '{"ok":true}'.length);
    expect(connectionsSeen.size).toBe(4);
    expect(progress.length).toBeGreaterThanOrEqual(2);
  });

  it('counts sends that get no answer by their reason, and stops when cancelled', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await shots(`http://127.0.0.1:${port}`, ['/'], 2);
    const cancel = new AbortController();
    const result = await runLoad(refused, {
      connections: 2,
      durationMs: 60_000,
      signal: cancel.signal,
      onProgress: () => cancel.abort(),
    });
    expect(result.durationMs).toBeLessThan(10_000);
    expect(result.statuses).toEqual([]);
    expect(result.errors[0]?.message).toMatch(/ECONNREFUSED/);
    expect(result.errors[0]?.count).toBe(result.requests);
  });

  it('refuses options a load test cannot run with', async () => {
    const options = [
      { connections: 0, durationMs: 1000 },
      { connections: 1.5, durationMs: 1000 },
      { connections: 10, durationMs: 50 },
    ];
    for (const option of options) {
      await expect(runLoad(await shots(origin, ['/ok'], 1), option)).rejects.toBeInstanceOf(AppError);
    }
  });
});
