import { readFileSync } from 'node:fs';
import { type RunningApp, startApp } from '@client/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRequest, cleanupAppProcesses, createDataDir } from './support/app-process.js';
import { rowCounts } from './support/reliability-database.js';
import { dribble, rawRequest } from './support/reliability-raw-http.js';

/*
 * Clients that send a request byte by byte. The app's deadlines are 10 s for the headers and 30 s for the
 * whole request (docs/ARCHITECTURE.md#the-control-plane); this app runs in-process with short ones, so the test needs no long waits.
 */
const HEADERS_TIMEOUT_MS = 400;
const REQUEST_TIMEOUT_MS = 1_200;
/** Slower than the deadlines allow: the request can never complete in time. */
const BYTE_INTERVAL_MS = 50;

let app: RunningApp;
let port: number;
let token: string;

beforeAll(async () => {
  const started = await startApp({
    dataDir: createDataDir(),
    flavor: 'dev',
    controlPlaneLimits: { headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS },
  });
  if (!started.started) throw new Error('another app runs on the fresh data dir');
  app = started.app;
  if (!app.controlPlane.running) throw new Error(app.controlPlane.reason);
  port = app.controlPlane.port;
  token = readFileSync(app.paths.tokenPath, 'utf8').trim();
});
afterAll(async () => {
  await app?.close();
  await cleanupAppProcesses();
});

/** Health checks and project listings sent while `slow` still dribbles; each one must be answered. */
async function servedMeanwhile(slow: Promise<unknown>): Promise<number[]> {
  const statuses: number[] = [];
  let done = false;
  void slow.finally(() => {
    done = true;
  });
  while (!done) {
    statuses.push((await agentRequest(port, 'GET', '/agent/health', { token })).status);
    statuses.push((await agentRequest(port, 'GET', '/agent/projects', { token })).status);
  }
  return statuses;
}

describe('a client that sends its request byte by byte', () => {
  it('is answered 408 {code, message} and cut off once its headers are late, while others are served', async () => {
    const request = rawRequest('GET', '/agent/health', {
      host: `127.0.0.1:${port}`,
      authorization: `Bearer ${token}`,
      'x-padding': 'p'.repeat(200),
    });
    const slow = dribble(port, request, { intervalMs: BYTE_INTERVAL_MS });

    const others = await servedMeanwhile(slow);
    const { responses, trailing, bytesSent } = await slow;

    expect(bytesSent).toBeLessThan(request.length);
    expect(responses.map((response) => [response.status, response.json])).toEqual([
      [408, { code: 'VALIDATION', message: expect.stringContaining('did not arrive in time') }],
    ]);
    expect(trailing).toBe('');
    expect(others.length).toBeGreaterThan(0);
    expect(new Set(others)).toEqual(new Set([200]));
  });

  it('is answered 408 and cut off when its body is late, writes nothing, while others are served', async () => {
    const body = JSON.stringify({ command: `curl https://api.example.com/slow -d '${'x'.repeat(200)}'` });
    const request = rawRequest(
      'POST',
      '/agent/curl',
      {
        host: `127.0.0.1:${port}`,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': String(body.length),
      },
      body,
    );
    const headersEnd = request.indexOf('\r\n\r\n') + 4;
    // The headers arrive at once; only the body dribbles.
    const slow = dribble(port, request, { intervalMs: BYTE_INTERVAL_MS, sendFirst: headersEnd });

    const others = await servedMeanwhile(slow);
    const { responses, bytesSent } = await slow;

    expect(bytesSent).toBeLessThan(request.length);
    expect(responses.map((response) => [response.status, response.json])).toEqual([
      [408, { code: 'VALIDATION', message: expect.stringContaining('did not arrive in time') }],
    ]);
    expect(new Set(others)).toEqual(new Set([200]));
    expect(rowCounts(app.paths.dataDir)).toEqual({ projects: 0, project_variables: 0, folders: 0, endpoints: 0 });
  });
});
